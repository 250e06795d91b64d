"""Trace one question of ``bench_live.py``: play the same game and print, frame by frame around a decision, what
the camera read and what the reconciler weighed.

A developer's tool (it reads the reconciler's internals): the way every held-out question of docs/live-loop.md was
traced to its cause. The game is the benchmark's (same bots, seed, size and look), so a question the benchmark
listed in ``prompts_beyond_hidden`` comes back at the same decision.

    .venv/bin/python tests/benchmarks/trace_live.py --players 4 --seed 333 --decision 152 [--from 150]
        [--domain holdout] [--slots road.1 inn] [--stories 4] [--game caylus1303]

Each frame from the world's decision ``--from`` (default: DECISION − 1) until the session is past DECISION prints:
``f<frame> w<world decisions> s<session decisions>``, ``hand`` / ``still`` / ``moving``, the outcomes of the frame,
and on a still frame the leading stories (evidence after the prior against extra moves, ``*`` when plausible, each
decision as ``colour kind args``; then the plausible ones that start otherwise), the first of the reconciler's guards
that holds a commit back (``withheld by``), and the readings of the slots whose names start with one of ``--slots``.
"""

from __future__ import annotations

import argparse

from bench_live import DEFAULT_GAME, bots_table

OVERRIDE_AFTER = 5      # frames before an open alert is overridden, as ``bench_live.py --override-after 5``


def story(actions, players: tuple[str, ...]) -> str:
    """Decisions as ``colour kind args``, joined by ``; `` (``nothing`` for the committed table itself)."""
    return "; ".join(f"{players[a.player]} {a.kind} {dict(a.args)}" for a in actions) or "nothing"


def reading(slot_reading: dict[str, float]) -> str:
    """A slot's reading as its three likeliest labels (``""`` is empty)."""
    top = sorted(slot_reading.items(), key=lambda item: -item[1])[:3]
    return " ".join(f"{label or '-'}:{p:.2f}" for label, p in top)


def withheld(reconciler, plausible) -> str:
    """The first of the reconciler's guards that holds a commit back this frame, checked in the order and with the
    arguments of ``Reconciler._commit_if_confirmed`` (so that one with a side effect, ``_held_back``, is called only
    where the reconciler called it too), and the streak of frames agreeing so far."""
    from companion.reconciler.evidence import without_piled
    from companion.reconciler.reconciler import _contradicted
    from companion.reconciler.search import common_prefix

    best = plausible[0]
    prefix = common_prefix(node.actions for node in plausible)
    guards = (
        ("no shared first decision", lambda: not prefix),
        ("search cut short", lambda: not reconciler._complete),
        ("a change read otherwise", lambda: _contradicted(
            reconciler._as_seen_by(reconciler._frames[-1], best), best,
            without_piled(reconciler._disagreement(best), best.view), reconciler.policy.confident)),
        ("held back (undone)", lambda: reconciler._held_back(prefix)),
        ("follow-ups unordered", lambda: reconciler._follow_ups_unordered(prefix)),
        ("reverts an answer", lambda: reconciler._reverts_answer(plausible)),
        ("awaiting an answer", reconciler._awaiting_answer),
    )
    first = next((name for name, holds in guards if holds()), "nothing")
    return f"{first}, streak {reconciler._streaks.commit_frames}/{reconciler.policy.confirm_frames}"


def trace_frame(loop, desk, world, frame: int, outcomes, players, prefixes, stories: int) -> None:
    observation = loop.last_observation
    if observation is None:
        return
    state = "hand" if observation.occluded else "still" if observation.stable and observation.registered else "moving"
    said = ", ".join(f"{o.kind}[{o.decision}] {o.reason} {story(o.actions, players)}".strip() for o in outcomes)
    print(f"f{frame} w{len(world.actions)} s{len(desk.session.actions)} {state}" + (f" -> {said}" if said else ""))
    reconciler = loop._reconciler
    if state != "still" or reconciler is None or not reconciler._frames:
        return
    scored = reconciler._scored()
    plausible = reconciler._reached_in(reconciler._plausible(scored))     # as ``Reconciler.observe`` weighs them
    for score, node in scored[:stories]:
        mark = "*" if node in plausible else " "
        print(f"    {mark} {score:8.2f}  {story(node.actions, players)}")
    if not plausible:
        return
    scores = {id(node): score for score, node in scored}
    others = [node for node in plausible if node.actions[:1] != plausible[0].actions[:1]]
    for node in others[:stories]:       # what keeps the leading story's first decision from being shared
        print(f"    * {scores[id(node)]:8.2f}  {story(node.actions, players)}   (another first decision)")
    print(f"      withheld by: {withheld(reconciler, plausible)}")
    for slot in sorted(observation.slots):
        if slot.startswith(tuple(prefixes)):
            hidden = " (hidden)" if slot in observation.occluded_slots else ""
            print(f"      {slot}: {reading(observation.slots[slot])}{hidden}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--decision", type=int, required=True, help="the decision to trace (0-based, as listed)")
    parser.add_argument("--from", dest="start", type=int, help="start printing at this world decision")
    parser.add_argument("--size", default="960x540")
    parser.add_argument("--domain", default="holdout")
    parser.add_argument("--slots", nargs="*", default=[], help="print the readings of the slots starting so")
    parser.add_argument("--stories", type=int, default=4, help="leading stories printed per still frame")
    parser.add_argument("--game", default=DEFAULT_GAME, help="which game's pack (default %(default)s); seats are "
                        "its first colours, as in bench_live.py")
    args = parser.parse_args()
    from companion.games.registry import get_pack
    players = tuple(get_pack(args.game).info.colours)[:args.players]
    size = tuple(int(v) for v in args.size.split("x"))
    start = args.decision - 1 if args.start is None else args.start
    desk, world, loop = bots_table(players, args.seed, size, args.domain, game=args.game)
    frame, alert_seen = 0, {}
    while len(desk.session.actions) <= args.decision and not desk.session.state.is_over:
        seen = len(loop.outcomes)
        if not loop.step():
            break
        frame += 1
        for alert in desk.session.open_alerts():           # as the benchmark's scripted player does
            if frame - alert_seen.setdefault(alert.id, frame) >= OVERRIDE_AFTER:
                desk.session.resolve_alert(alert.id, how="override")
        if len(world.actions) >= start:
            trace_frame(loop, desk, world, frame, loop.outcomes[seen:], players, args.slots, args.stories)
    truth = world.actions[args.decision] if len(world.actions) > args.decision else None
    print("the world's decision:", story((truth,), players) if truth else "not made")


if __name__ == "__main__":
    main()
