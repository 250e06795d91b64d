// Caylus on the live screen: the board drawn from the table view (the special buildings, the road of 28 squares,
// the castle, turn and passing order, the favour table), the names of its places for the virtual LEDs and the
// road tiles for the guided setup check. The tablet loads it after its own board.js; Board.register hands it the kit.
"use strict";
Board.register(({t, element, svg, colourOf, placeStates, nameOf}) => {
  const SPECIALS = [
    {place: "castle", slots: ["castle.worker.1", "castle.worker.2", "castle.worker.3", "castle.worker.4", "castle.worker.5"]},
    {place: "gate", slots: ["gate.worker"]},
    {place: "trading_post", slots: ["trading_post.worker"]},
    {place: "merchants_guild", slots: ["merchants_guild.worker"]},
    {place: "joust_field", slots: ["joust_field.worker"]},
    {place: "stables", slots: ["stables.1", "stables.2", "stables.3"]},
    {place: "inn", slots: ["inn.left", "inn.right"]},
  ];
  const CELL = 86, GAP = 6, PER_ROW = 7, SQUARES = 28;

  function drawBox(root, x, y, w, h, label, pieces, state, place) {
    const group = svg("g", {class: "place " + state, transform: `translate(${x},${y})`, "data-place": place});
    group.append(svg("rect", {width: w, height: h, rx: 8}));
    const title = svg("text", {x: w / 2, y: 16, "text-anchor": "middle", class: "place-label"}, label);
    if (label.length > 11) title.setAttribute("textLength", w - 8), title.setAttribute("lengthAdjust", "spacingAndGlyphs");
    group.append(title);
    pieces.forEach((piece, index) => {
      const cx = 16 + (index % 4) * 18, cy = h - 18 - Math.floor(index / 4) * 20;
      if (piece.kind === "worker") group.append(svg("circle", {cx, cy, r: 8, fill: colourOf(piece.colour), class: "worker"}));
      else if (piece.kind === "house") group.append(svg("path", {d: `M${w - 22},${h - 10} v-10 l7,-7 l7,7 v10 z`, fill: colourOf(piece.colour), class: "house"}));
      else if (piece.kind === "provost" || piece.kind === "bailiff") {
        const bx = piece.kind === "provost" ? w - 16 : w - 38;
        group.append(svg("circle", {cx: bx, cy: 32, r: 10, class: piece.kind}));
        group.append(svg("text", {x: bx, y: 37, "text-anchor": "middle", class: "piece-letter"}, t("pieces." + piece.kind).slice(0, 1)));
      }
    });
    root.append(group);
  }

  function draw(container, payload) {
    const view = (payload.snapshot || {}).table_view || {slots: {}};
    const slots = view.slots || {};
    const stateFor = placeStates(payload);
    const rows = Math.ceil(SQUARES / PER_ROW);
    const width = PER_ROW * (CELL + GAP), height = (rows + 1) * (CELL + GAP) + 10;
    const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("live.board")});
    SPECIALS.forEach((special, index) => {
      const pieces = special.slots.flatMap((slot) => slots[slot] || []);
      drawBox(root, index * (CELL + GAP), 0, CELL, CELL, t("places." + special.place), pieces, stateFor(special.place),
              special.place);
    });
    for (let square = 1; square <= SQUARES; square += 1) {
      const row = Math.floor((square - 1) / PER_ROW), column = (square - 1) % PER_ROW;
      const x = (row % 2 === 0 ? column : PER_ROW - 1 - column) * (CELL + GAP);
      const y = (row + 1) * (CELL + GAP) + 10;
      const tile = (slots[`road.${square}.tile`] || [])[0];
      const label = tile ? t("buildings." + tile.name) : String(square);
      const pieces = ["owner", "worker", "provost", "bailiff"].flatMap((part) => slots[`road.${square}.${part}`] || []);
      drawBox(root, x, y, CELL, CELL, label, pieces, (tile ? "tile " : "lot ") + stateFor(`road.${square}`), `road.${square}`);
      root.append(svg("text", {x: x + CELL - 6, y: y + CELL - 4, "text-anchor": "end", class: "square-number"}, String(square)));
    }
    container.replaceChildren(root, info(slots));
  }

  function info(slots) {
    const box = element("div", {class: "board-info"});
    const count = (prefix) => Object.keys(slots).filter((s) => s.startsWith(prefix)).length;
    const castle = element("div", {class: "castle"}, element("h3", {text: t("live.castle")}));
    for (const [part, size] of [["dungeon", 6], ["walls", 10], ["towers", 14]]) {
      const built = count(`castle.${part}.`);
      castle.append(element("div", {class: "castle-row"},
        element("span", {text: t("castle." + part)}),
        element("progress", {max: size, value: built}),
        element("span", {class: "castle-count", text: `${built}/${size}`})));
    }
    const passing = element("ol", {class: "passing"});
    for (let position = 1; position <= 5; position += 1) {
      for (const piece of slots[`bridge.${position}`] || []) passing.append(element("li", {class: "chip", style: `--chip:${colourOf(piece.colour)}`, text: nameOf(piece.colour)}));
    }
    const order = element("ol", {class: "passing"});
    for (let position = 1; position <= 5; position += 1) {
      for (const piece of slots[`turn_order.${position}`] || []) order.append(element("li", {class: "chip", style: `--chip:${colourOf(piece.colour)}`, text: nameOf(piece.colour)}));
    }
    const favours = element("table", {class: "favours"});
    for (const row of ["prestige", "deniers", "resources", "buildings"]) {
      const line = element("tr", {}, element("th", {text: t("favours." + row)}));
      for (let column = 0; column <= 5; column += 1) {
        const cell = element("td", {});
        for (const piece of slots[`favour.${row}.${column}`] || []) cell.append(element("span", {class: "dot", style: `background:${colourOf(piece.colour)}`, title: nameOf(piece.colour)}));
        line.append(cell);
      }
      favours.append(line);
    }
    box.append(castle,
      element("div", {}, element("h3", {text: t("live.turn_order")}), order),
      element("div", {}, element("h3", {text: t("live.passing_order")}), passing.childElementCount ? passing : element("p", {class: "hint", text: t("live.nobody_passed")})),
      element("div", {}, element("h3", {text: t("live.favours")}), favours));
    return box;
  }

  // A lamp of the road is named by its square's number, the others by their place.
  function placeLabel(place) {
    return place.startsWith("road.") ? place.slice(5) : t("places." + place);
  }

  // The guided setup check starts with the road tiles in their order.
  function checklist(snapshot) {
    const slots = (snapshot.table_view || {}).slots || {};
    const tiles = Object.entries(slots).filter(([slot]) => /^road\.\d+\.tile$/.test(slot))
      .map(([slot, pieces]) => [Number(slot.split(".")[1]), pieces[0]]).sort((a, b) => a[0] - b[0]);
    const placed = tiles.map(([square, tile]) => `${square}: ${t("buildings." + tile.name)}`).join(" · ");
    return [t("guide.check_tiles", {tiles: placed})];
  }

  return {draw, placeLabel, checklist};
});
