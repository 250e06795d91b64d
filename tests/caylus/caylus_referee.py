"""An independent second referee for the audit: it re-derives, from the rulebook's numbers written
out here (not read from the engine's data files), what every event of a game should have been.

``Referee.check(before, action, after)`` returns the disagreements, as sentences.
"""

from __future__ import annotations

from typing import Any

from companion.games import Action
from companion.games.caylus import CaylusState

ROAD_LENGTH = 28
BUILDER_PP = {"wood_farm_food": 2, "wood_farm_cloth": 2, "wood_sawmill": 2, "wood_quarry": 2,
              "wood_marketplace": 4, "wood_peddler": 4, "mason": 4, "lawyer": 4, "stone_farm": 3, "park": 3,
              "workshop": 3, "bank": 6, "alchemist": 6, "church": 3, "tailor": 6, "architect": 6, "jeweller": 6,
              "statue": 7, "theater": 14, "college": 14, "monument": 14, "granary": 10, "weaver": 12,
              "cathedral": 25, "library": 10, "hotel": 16}
BUILDING_FAVOURS = {"church": 1, "statue": 1, "theater": 1, "college": 1, "monument": 2}
INCOME = {"residence": 1, "library": 1, "hotel": 2}
BATCH_PP = {"dungeon": 5, "walls": 4, "towers": 3}
COUNT = {  # houses → (prestige change, favours)
    "dungeon": lambda n: (-2, 0) if n == 0 else (0, 0) if n == 1 else (0, 1),
    "walls": lambda n: (-3, 0) if n == 0 else (0, 0) if n == 1 else (0, 1) if n == 2 else (0, 2) if n <= 4 else (0, 3),
    "towers": lambda n: (-4, 0) if n == 0 else (0, 0) if n == 1 else (0, 1) if n <= 3 else (0, 2) if n <= 5 else (0, 3),
}
FAVOUR_PRESTIGE = [1, 2, 3, 4, 5]
FAVOUR_DENIERS = [3, 4, 5, 6, 7]
NO_WORKERS_ON = ("residence", *[b for b in BUILDER_PP if b in ("statue", "theater", "college", "monument",
                                                                "granary", "weaver", "cathedral", "library",
                                                                "hotel")])


class Referee:
    """Follows one game; keeps what the rules need across decisions (batches this turn, castle order)."""

    def __init__(self) -> None:
        self.batches: dict[str, int] = {}
        self.castle_order: list[str] = []

    def check(self, before: CaylusState, action: Action, after: CaylusState) -> list[str]:
        found: list[str] = []
        provost, bailiff, max_column = before.provost_square, before.bailiff_square, before.max_column
        favour = {c: dict(before.favour_positions(s)) for s, c in enumerate(before.colours)}
        passed = len(before.passed)
        for event in after.events:
            kind, who = event["type"], event.get("player")
            if kind == "income":
                seat = after.colours.index(who)
                expected = 2 + sum(INCOME.get(tile, 0) for tile, owner in zip(after.road_tile, after.road_owner)
                                   if owner == seat)
                if event["deniers"] != expected:
                    found.append(f"{who} got income {event['deniers']}, expected {expected}")
            elif kind == "placed":
                expected = self._placement_cost(before, action.player, event["place"], passed)
                if event["deniers"] != expected:
                    found.append(f"{who} paid {event['deniers']} to place on {event['place']}, expected {expected}")
                if event["place"] == "castle":
                    self.castle_order.append(who)
            elif kind == "gate_moved" and event["place"] == "castle":
                self.castle_order.append(who)
            elif kind == "passed":
                passed += 1
                if event["deniers"] != (1 if event["bridge"] == 1 else 0):
                    found.append(f"{who} passed {event['bridge']}th and got {event['deniers']} deniers")
            elif kind == "provost_moved":
                if abs(event["steps"]) > 3 or not 1 <= event["square"] <= ROAD_LENGTH:
                    found.append(f"provost moved {event['steps']} to {event['square']}")
                provost = event["square"]
            elif kind == "bailiff_moved":
                steps = 2 if provost > bailiff else 1
                if event["steps"] != steps or event["square"] != min(bailiff + steps, ROAD_LENGTH):
                    found.append(f"bailiff moved {event['steps']} to {event['square']} with provost {provost} "
                                 f"and bailiff {bailiff}")
                bailiff = provost = event["square"]
            elif kind == "castle_batch":
                cubes = event["cubes"]
                if len(set(cubes)) != 3 or "food" not in cubes or event["pp"] != BATCH_PP[event["section"]]:
                    found.append(f"bad castle batch {event}")
                self.batches[who] = self.batches.get(who, 0) + 1
            elif kind == "castle_penalty":
                if self.batches.get(who):
                    found.append(f"{who} was fined after giving a batch")
            elif kind == "best_builder":
                most = max(self.batches.values())
                first = next(c for c in self.castle_order if self.batches.get(c) == most)
                if (who, event["houses"]) != (first, most):
                    found.append(f"best builder {who} ({event['houses']}), expected {first} ({most})")
                self.batches, self.castle_order = {}, []
            elif kind == "worker_returned" and event["place"] == "castle":
                self.batches, self.castle_order = {}, []
            elif kind == "section_scored":
                change, favours = COUNT[event["section"]](event["houses"])
                houses = after.castle_contents()[event["section"]].count(who)
                if houses != event["houses"] or event["favours"] != favours or not change <= event["pp"] <= 0:
                    found.append(f"count {event}: expected {houses} houses, {change} PP, {favours} favours")
            elif kind == "section_closed":
                max_column = {"dungeon": 4, "walls": 5}.get(event["section"], max_column)
                if event["max_column"] != max_column:
                    found.append(f"after the {event['section']} count columns up to {event['max_column']} opened")
            elif kind == "built":
                if event["pp"] != BUILDER_PP[event["building"]]:
                    found.append(f"{event['building']} scored {event['pp']}")
                if event["building"] in NO_WORKERS_ON and event.get("replaced") != "residence":
                    found.append(f"prestige {event['building']} built over {event.get('replaced')}")
                if event["building"] not in NO_WORKERS_ON and before.road_tile[event["square"]] is not None:
                    found.append(f"{event['building']} built on the occupied lot {event['square']}")
            elif kind == "converted":
                old = before.building(event["square"])
                if event["pp"] != 2 or old is None or old.kind not in ("neutral", "wood", "stone") or old.id == "lawyer":
                    found.append(f"bad conversion {event}")
            elif kind == "favour_row":
                position = favour[who][event["row"]]
                expected = min(position + 1, max_column) if position < max_column else position
                if event["column"] != expected:
                    found.append(f"{who}'s {event['row']} marker went from {position} to {event['column']} "
                                 f"with columns up to {max_column} open")
                favour[who][event["row"]] = event["column"]
            elif kind == "end_game_conversion":
                res = after.resources(after.colours.index(who))
                plain = res["food"] + res["wood"] + res["stone"] + res["cloth"]
                expected = 3 * res["gold"] + plain // 3 + res["denier"] // 4
                if event["pp"] != expected:
                    found.append(f"{who} converted goods for {event['pp']} PP, expected {expected}")
            elif kind == "game_over":
                best = max(s.total for s in after.scores())
                winners = [after.colours[s.player] for s in after.scores() if s.total == best]
                if event["winners"] != winners:
                    found.append(f"winners {event['winners']}, expected {winners}")
        for square, tile, worker in zip(range(ROAD_LENGTH + 1), after.road_tile, after.road_worker):
            if worker is not None and (tile is None or tile in NO_WORKERS_ON):
                found.append(f"a worker stands on square {square} ({tile})")
        return found

    @staticmethod
    def _placement_cost(state: CaylusState, seat: int, place: str, passed: int) -> int:
        owner = state.road_owner[int(place[5:])] if place.startswith("road.") else None
        if owner == seat or state.special_occupants()["inn_right"] == state.colours[seat]:
            return 1
        if state.player_count == 2:
            return 3 if passed else 1
        return passed + 1
