// The drawn board (when no camera picture is available) and the virtual LED strip, from the table view.
"use strict";
const Board = (() => {
  const {t, element} = Companion;
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = {red: "#d3342f", blue: "#2f62d3", green: "#2e9d3a", yellow: "#e8c30c", black: "#222",
                   orange: "#ef7d16", purple: "#8a3fc0", white: "#f4f4f4"};
  const SPECIALS = [
    {place: "castle", slots: ["castle.worker.1", "castle.worker.2", "castle.worker.3", "castle.worker.4", "castle.worker.5"]},
    {place: "gate", slots: ["gate.worker"]},
    {place: "trading_post", slots: ["trading_post.worker"]},
    {place: "merchants_guild", slots: ["merchants_guild.worker"]},
    {place: "joust_field", slots: ["joust_field.worker"]},
    {place: "stables", slots: ["stables.1", "stables.2", "stables.3"]},
    {place: "inn", slots: ["inn.left", "inn.right"]},
  ];
  const CELL = 86, GAP = 6, PER_ROW = 7;

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

  function drawBox(root, x, y, w, h, label, pieces, state) {
    const group = svg("g", {class: "place " + state, transform: `translate(${x},${y})`});
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
    const legal = payload.legal_places || [];
    const alerts = ((payload.snapshot || {}).alerts || []).map((a) => a.place).filter(Boolean);
    const rows = Math.ceil(28 / PER_ROW);
    const width = PER_ROW * (CELL + GAP), height = (rows + 1) * (CELL + GAP) + 10;
    const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("live.board")});
    const stateFor = (key) => alerts.some((p) => placeMatches(p, key)) ? "alert"
      : legal.some((p) => placeMatches(p, key)) ? "legal" : "";
    SPECIALS.forEach((special, index) => {
      const pieces = special.slots.flatMap((slot) => slots[slot] || []);
      drawBox(root, index * (CELL + GAP), 0, CELL, CELL, t("places." + special.place), pieces, stateFor(special.place));
    });
    for (let square = 1; square <= 28; square += 1) {
      const row = Math.floor((square - 1) / PER_ROW), column = (square - 1) % PER_ROW;
      const x = (row % 2 === 0 ? column : PER_ROW - 1 - column) * (CELL + GAP);
      const y = (row + 1) * (CELL + GAP) + 10;
      const tile = (slots[`road.${square}.tile`] || [])[0];
      const label = tile ? t("buildings." + tile.name) : String(square);
      const pieces = ["owner", "worker", "provost", "bailiff"].flatMap((part) => slots[`road.${square}.${part}`] || []);
      drawBox(root, x, y, CELL, CELL, label, pieces, (tile ? "tile " : "lot ") + stateFor(`road.${square}`));
      root.append(svg("text", {x: x + CELL - 6, y: y + CELL - 4, "text-anchor": "end", class: "square-number"}, String(square)));
    }
    container.replaceChildren(root, info(view, slots));
  }

  function info(view, slots) {
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
      for (const piece of slots[`bridge.${position}`] || []) passing.append(element("li", {class: "chip", style: `--chip:${colourOf(piece.colour)}`, text: t("colours." + piece.colour)}));
    }
    const order = element("ol", {class: "passing"});
    for (let position = 1; position <= 5; position += 1) {
      for (const piece of slots[`turn_order.${position}`] || []) order.append(element("li", {class: "chip", style: `--chip:${colourOf(piece.colour)}`, text: t("colours." + piece.colour)}));
    }
    const favours = element("table", {class: "favours"});
    for (const row of ["prestige", "deniers", "resources", "buildings"]) {
      const line = element("tr", {}, element("th", {text: t("favours." + row)}));
      for (let column = 0; column <= 5; column += 1) {
        const cell = element("td", {});
        for (const piece of slots[`favour.${row}.${column}`] || []) cell.append(element("span", {class: "dot", style: `background:${colourOf(piece.colour)}`, title: t("colours." + piece.colour)}));
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

  function drawLeds(container, leds) {
    container.replaceChildren(...(leds || []).map((led) => {
      const label = led.place.startsWith("road.") ? led.place.slice(5) : t("places." + led.place);
      return element("span", {
        class: "led " + led.role + (led.blink ? " blink" : ""), title: `${label}: ${t("leds." + led.role)}`,
        "data-place": led.place, "data-role": led.role,
        style: led.colour ? `--led:${colourOf(led.colour)}` : undefined,
      });
    }));
  }

  return {draw, drawLeds, colourOf};
})();
