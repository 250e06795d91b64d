// Caylus 1303 on the live screen: the board drawn from the table view (the four printed buildings, the Guilds
// Bridge, the road of 23 spaces winding as on the board, the provost between two spaces, the worksite), with the
// round, the passing order and the characters beside it; the names of its places for the virtual LEDs; the road
// and worksite tiles for the guided setup check. The tablet loads it after its own board.js (docs/tablet-ui.md).
"use strict";
Board.register(({t, element, svg, colourOf, placeStates, nameOf}) => {
  const FRONT = ["fair", "lawyer", "carpenter", "recall"];
  const CELL = 86, GAP = 14, PER_ROW = 8, SPACES = 23, WORKSITE = 3;
  const step = CELL + GAP;

  const tileId = (tile) => String(tile.name || "").split("@")[0];
  const sideOf = (tile) => String(tile.name || "").split("@")[1] || "";
  function tileLabel(tile) {
    if (sideOf(tile) === "residence") return t("live.residence");
    return t("tiles." + tileId(tile));
  }

  function drawBox(root, x, y, label, pieces, state, note, place) {
    const group = svg("g", {class: "place " + state, transform: `translate(${x},${y})`, "data-place": place});
    group.append(svg("rect", {width: CELL, height: CELL, rx: 8}));
    const title = svg("text", {x: CELL / 2, y: 16, "text-anchor": "middle", class: "place-label"}, label);
    if (label.length > 11) title.setAttribute("textLength", CELL - 8), title.setAttribute("lengthAdjust", "spacingAndGlyphs");
    group.append(title);
    if (note) group.append(svg("text", {x: CELL / 2, y: 30, "text-anchor": "middle", class: "side-note"}, note));
    pieces.forEach((piece, index) => {
      if (piece.kind === "worker") group.append(svg("circle", {cx: 18 + index * 22, cy: CELL - 20, r: 9, fill: colourOf(piece.colour), class: "worker"}));
      else if (piece.kind === "house") group.append(svg("path", {d: `M${CELL - 24},${CELL - 10} v-12 l8,-8 l8,8 v12 z`, fill: colourOf(piece.colour), class: "house"}));
    });
    root.append(group);
  }

  // Where road space ``space`` (1..23) is drawn: after the front row, rows of 8 winding back and forth.
  function spaceAt(space) {
    const index = space + FRONT.length;            // the front row holds the 4 printed buildings and the bridge
    const row = Math.floor(index / PER_ROW), column = index % PER_ROW;
    const x = (row % 2 === 0 ? column : PER_ROW - 1 - column) * step;
    return [x, row * step];
  }

  // The provost's spot: between the space before him and the one after (0: just past the bridge, 23: the road's end).
  function provostAt(before) {
    const [ax, ay] = spaceAt(before);
    const [bx, by] = spaceAt(before + 1);
    return [(ax + bx) / 2 + CELL / 2, (ay + by) / 2 + CELL / 2];
  }

  function draw(container, payload) {
    const view = (payload.snapshot || {}).table_view || {slots: {}};
    const slots = view.slots || {};
    const stateFor = placeStates(payload);
    const rows = Math.ceil((SPACES + FRONT.length + 2) / PER_ROW);
    const width = PER_ROW * step, height = rows * step;
    const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("live.board")});
    FRONT.forEach((place, index) => {
      const pieces = ["worker", "journeyman"].flatMap((part) => slots[`${place}.${part}`] || []);
      drawBox(root, index * step, 0, t("places." + place), pieces, "printed " + stateFor(place), "", place);
    });
    const bridge = [1, 2, 3, 4, 5].flatMap((place) => slots[`bridge.${place}`] || []);
    const [bx, by] = spaceAt(0);
    const group = svg("g", {class: "place bridge " + stateFor("pass"), transform: `translate(${bx},${by})`, "data-place": "pass"});
    group.append(svg("rect", {width: CELL, height: CELL, rx: 8}));
    group.append(svg("text", {x: CELL / 2, y: 16, "text-anchor": "middle", class: "place-label", textLength: CELL - 8,
                              lengthAdjust: "spacingAndGlyphs"}, t("places.bridge")));
    bridge.forEach((piece, index) => group.append(svg("path", {
      d: `M${6 + index * 16},${CELL - 10} v-12 l7,-7 l7,7 v12 z`, fill: colourOf(piece.colour), class: "house"})));
    root.append(group);
    for (let space = 1; space <= SPACES; space += 1) {
      const [x, y] = spaceAt(space);
      const tile = (slots[`road.${space}.tile`] || [])[0];
      const label = tile ? tileLabel(tile) : t("live.empty_space");
      const note = tile && sideOf(tile) === "start" ? t("live.start_side") : "";
      const pieces = ["owner", "worker", "journeyman"].flatMap((part) => slots[`road.${space}.${part}`] || []);
      drawBox(root, x, y, label, pieces, (tile ? "tile " : "lot ") + stateFor(`road.${space}`), note, `road.${space}`);
      root.append(svg("text", {x: x + CELL - 6, y: y + CELL - 4, "text-anchor": "end", class: "square-number"}, String(space)));
    }
    for (let before = 0; before <= SPACES; before += 1) {
      if (!(slots[`provost.${before}`] || []).length) continue;
      const [px, py] = provostAt(before);
      root.append(svg("circle", {cx: px, cy: py, r: 10, class: "provost"}));
      root.append(svg("text", {x: px, y: py + 4, "text-anchor": "middle", class: "piece-letter"}, t("pieces.provost").slice(0, 1)));
    }
    container.replaceChildren(root, info(view, stateFor));
  }

  function chips(pieces) {
    const list = element("ol", {class: "passing"});
    pieces.forEach((piece) => list.append(element("li", {class: "chip", style: `--chip:${colourOf(piece.colour)}`, text: nameOf(piece.colour)})));
    return list;
  }

  function info(view, stateFor) {
    const slots = view.slots || {};
    const box = element("div", {class: "board-info"});
    const round = Object.keys(slots).filter((s) => /^round\.\d+$/.test(s)).map((s) => Number(s.split(".")[1]))[0];
    const worksite = element("div", {class: "worksite " + stateFor("worksite")}, element("h3", {text: t("live.worksite")}));
    const tiles = element("ol", {class: "worksite-tiles"});
    for (let place = 1; place <= WORKSITE; place += 1) {
      const tile = (slots[`worksite.${place}.tile`] || [])[0];
      tiles.append(element("li", {text: tile ? tileLabel(tile) : "—"}));
    }
    const workers = [1, 2, 3, 4, 5].flatMap((place) => slots[`worksite.worker.${place}`] || []);
    worksite.append(tiles, chips(workers));
    const bridge = [1, 2, 3, 4, 5].flatMap((place) => slots[`bridge.${place}`] || []);
    const held = element("ul", {class: "characters"});
    (view.players || []).forEach((colour, seat) => {
      const names = Object.keys(slots).filter((s) => s.startsWith(`seat.${seat}.character.`)).map((s) => t("tiles." + s.split(".")[3]));
      const first = (slots[`seat.${seat}.first_player`] || []).length ? ` · ${t("live.first_player")}` : "";
      held.append(element("li", {style: `--chip:${colourOf(colour)}`, text: `${nameOf(colour)}: ${names.join(", ") || "—"}${first}`}));
    });
    const onBoard = Object.keys(slots).filter((s) => /^character\.[a-z_]+$/.test(s)).map((s) => t("tiles." + s.split(".")[1]));
    box.append(
      element("div", {}, element("h3", {text: round ? t("live.round", {round, rounds: 9}) : t("phases.setup")})),
      worksite,
      element("div", {}, element("h3", {text: t("live.passing_order")}), bridge.length ? chips(bridge) : element("p", {class: "hint", text: t("live.nobody_passed")})),
      element("div", {}, element("h3", {text: t("live.characters")}), held),
      element("div", {}, element("h3", {text: t("live.board_characters")}), element("p", {text: onBoard.join(", ") || "—"})));
    return box;
  }

  // A lamp of the road is named by its space's number, the others by their place.
  function placeLabel(place) {
    if (place.startsWith("road.")) return place.slice(5);
    if (place.startsWith("provost.")) return `${t("places.provost")} ${place.slice(8)}`;
    return t("places." + place.split(".")[0]);
  }

  // The guided setup check starts with the road's and the worksite's tiles in their order.
  function checklist(snapshot) {
    const slots = (snapshot.table_view || {}).slots || {};
    const named = (pattern) => Object.entries(slots).filter(([slot]) => pattern.test(slot))
      .map(([slot, pieces]) => [Number(slot.split(".")[1]), pieces[0]]).sort((a, b) => a[0] - b[0])
      .map(([number, tile]) => `${number}: ${tileLabel(tile)}`).join(" · ");
    return [t("guide.check_tiles", {tiles: named(/^road\.\d+\.tile$/)}),
            t("guide.check_worksite", {tiles: named(/^worksite\.\d+\.tile$/)})];
  }

  return {draw, placeLabel, checklist};
});
