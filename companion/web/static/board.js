// The board on the live screen and the virtual LED strip, from the table view.
//
// A game's pack may draw its own board: its tablet/board.js (served at /pack/<game>/board.js, loaded after this
// file) calls Board.register(make), where make(kit) returns {draw(container, payload), placeLabel(place),
// checklist(snapshot)}, each optional; kit.nameOf(colour) names a player as the table calls them, kit.data holds the
// pack data files its tablet.json lists under drawing_data, and an element of the drawing with data-option="I" chooses
// the pending decision's option I when tapped (live.js); while a move of the log is looked at, payload.history is its
// number, the snapshot's table view is the table then and its summary still now's (no pending decision). Without one,
// every place of the table view is drawn as a box with its pieces, the legal places and the places of open alerts
// highlighted.
"use strict";
const Board = (() => {
  const {t, has, element} = Companion;
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = {red: "#d3342f", blue: "#2f62d3", green: "#2e9d3a", yellow: "#e8c30c", black: "#222",
                   orange: "#ef7d16", purple: "#8a3fc0", white: "#f4f4f4"};
  const CELL = 86, GAP = 6, PER_ROW = 7, PIECES_PER_ROW = 4, PIECE_ROW = 20;
  let drawing = {};

  function svg(tag, attributes = {}, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  const colourOf = (name) => COLOURS[name] || "#888";

  function placeMatches(place, key) {
    return place === key || place.startsWith(key + ".");
  }

  // The class of a place on the drawn board: "alert" when an open alert names it, "legal" when an option does.
  function placeStates(payload) {
    const legal = payload.legal_places || [];
    const alerts = ((payload.snapshot || {}).alerts || []).map((a) => a.place).filter(Boolean);
    return (key) => alerts.some((p) => placeMatches(p, key)) ? "alert"
      : legal.some((p) => placeMatches(p, key)) ? "legal" : "";
  }

  // A player as the players are called at this table: their name, else their colour in the reader's language.
  let names = {};
  const nameOf = (colour) => Companion.playerName(colour, names);

  const pageGame = () => JSON.parse((document.getElementById("game") || {}).textContent || "{}");
  const kit = {t, has, element, svg, colourOf, placeMatches, placeStates, nameOf, data: pageGame().data || {}};

  function register(make) { drawing = make(kit) || {}; }

  const placeName = (place) => has("places." + place) ? t("places." + place) : place;

  // The plain drawing: one box per place (a slot name's first part), holding the pieces of all its slots.
  function drawPlaces(container, payload) {
    const slots = ((payload.snapshot || {}).table_view || {}).slots || {};
    const places = new Map();
    for (const slot of Object.keys(slots).sort((a, b) => a.localeCompare(b, undefined, {numeric: true}))) {
      const place = slot.split(".")[0];
      places.set(place, [...(places.get(place) || []), ...slots[slot]]);
    }
    if (!places.size) { container.replaceChildren(element("p", {class: "hint", text: t("live.board_empty")})); return; }
    const stateFor = placeStates(payload);
    const boxes = [...places].map(([place, pieces]) =>
      ({place, pieces, height: Math.max(CELL, 30 + Math.ceil(pieces.length / PIECES_PER_ROW) * PIECE_ROW)}));
    const rowHeights = [];
    boxes.forEach((box, index) => {
      const row = Math.floor(index / PER_ROW);
      rowHeights[row] = Math.max(rowHeights[row] || 0, box.height);
    });
    const width = PER_ROW * (CELL + GAP), height = rowHeights.reduce((sum, h) => sum + h + GAP, 0);
    const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("live.board")});
    boxes.forEach((box, index) => {
      const row = Math.floor(index / PER_ROW);
      const y = rowHeights.slice(0, row).reduce((sum, h) => sum + h + GAP, 0);
      const group = svg("g", {class: "place " + stateFor(box.place), transform: `translate(${(index % PER_ROW) * (CELL + GAP)},${y})`,
                              "data-place": box.place});
      group.append(svg("rect", {width: CELL, height: box.height, rx: 8}));
      group.append(svg("text", {x: CELL / 2, y: 16, "text-anchor": "middle", class: "place-label"}, placeName(box.place)));
      box.pieces.forEach((piece, at) => {
        const cx = 13 + (at % PIECES_PER_ROW) * PIECE_ROW, cy = 32 + Math.floor(at / PIECES_PER_ROW) * PIECE_ROW;
        const label = has("pieces." + piece.kind) ? t("pieces." + piece.kind) : piece.kind;
        const mark = svg("g", {class: "piece", "data-kind": piece.kind});
        mark.append(svg("circle", {cx, cy, r: 8, fill: colourOf(piece.colour)}));
        if (piece.name) mark.append(svg("text", {x: cx, y: cy + 4, "text-anchor": "middle", class: "piece-name"}, String(piece.name).slice(0, 3)));
        mark.append(svg("title", {}, [label, piece.colour && t("colours." + piece.colour), piece.name].filter(Boolean).join(" ")));
        group.append(mark);
      });
      root.append(group);
    });
    container.replaceChildren(root);
  }

  function draw(container, payload) {
    names = ((payload || {}).snapshot || {}).names || {};
    (drawing.draw || drawPlaces)(container, payload);
  }

  // The lines the guided setup check adds before each player's supply (none without a pack drawing).
  function checklist(snapshot) {
    return drawing.checklist ? drawing.checklist(snapshot) : [];
  }

  function drawLeds(container, leds) {
    container.replaceChildren(...(leds || []).map((led) => {
      const label = drawing.placeLabel ? drawing.placeLabel(led.place) : placeName(led.place);
      return element("span", {
        class: "led " + led.role + (led.blink ? " blink" : ""), title: `${label}: ${has("leds." + led.role) ? t("leds." + led.role) : led.role}`,
        "data-place": led.place, "data-role": led.role,
        style: led.colour ? `--led:${colourOf(led.colour)}` : undefined,
      });
    }));
  }

  return {register, draw, drawLeds, checklist, colourOf};
})();
