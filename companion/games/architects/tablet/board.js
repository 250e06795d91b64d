// Architects of the West Kingdom on the live screen, drawn from the table view and the public summary: a headline
// (the turn, whose turn, the Guildhall's progress and the final turns); the main board: the nine locations with the
// workers there counted by colour (the Tax Stand's silver too), the Black Market's two cards and three spaces, the
// Prison, the Guildhall's spaces in fill order and the workers beside it; the Workshop's apprentice row with the
// silver on its cards; the virtue and Cathedral tracks with each player's marker; then each seat's player board: its
// silver and goods, workers at hand, debts, cards in hand, captured workers, buildings and apprentices as cards.
// A location, a space, an apprentice, a captured colour, a card or the Cathedral's next level the pending decision
// names is highlighted and chooses that option when tapped (data-option). Card facts come from the pack's data
// (tablet.json drawing_data).
"use strict";
Board.register(({t, has, element, colourOf, nameOf, data}) => {
  const rules = data.rules || {};
  const LOCATIONS = rules.large_locations || [];
  const MARKET = (rules.market_cards || {}).kinds || [];
  const SPACES = (rules.black_market || {}).spaces || ["a", "b", "c"];
  const PRICE = (rules.black_market || {}).silver || {};
  const BUILDINGS = Object.fromEntries(((data.buildings || {}).cards || []).map((card) => [card.id, card]));
  const APPRENTICES = Object.fromEntries(((data.apprentices || {}).cards || []).map((card) => [card.id, card]));
  const GOODS = ["clay", "wood", "stone", "gold", "marble"];
  const VIRTUE_MAX = (rules.virtue || {}).max ?? 14;
  const LEVELS = ((rules.cathedral || {}).levels || []).length || 5;
  const word = (key, fallback) => has(key) ? t(key) : fallback;
  const slug = (name) => String(name).toLowerCase().replace(/[^a-z]+/g, "_");
  const buildingName = (id) => word("buildings." + id, (BUILDINGS[id] || {}).name || String(id));
  const apprenticeName = (id) => word("apprentices." + slug((APPRENTICES[id] || {}).name || id), (APPRENTICES[id] || {}).name || String(id));
  const goods = (gain) => Object.entries(gain || {}).map(([good, n]) => `${n} ${word("resources." + good, good)}`).join(", ");

  // The options of the pending decision that name each thing drawn: a location, a Black Market space, a colour at a
  // location (a capture), an apprentice of the row, a card of a hand or a seat's apprentice.
  function optionIndex(pending) {
    const named = new Map();
    const add = (key, index) => named.set(key, named.has(key) ? -1 : index);     // -1: more than one option
    ((pending && pending.options) || []).forEach((option, index) => {
      const {kind, args = {}} = option.action;
      if (kind === "place" && args.location === "black_market") add("space:" + args.space, index);
      else if ((kind === "place" || kind === "retrieve") && args.location) add("location:" + args.location, index);
      else if (kind === "capture") add(`capture:${args.location}:${args.colour}`, index);
      else if (kind === "hire") add(`row:${args.row}.${args.column}`, index);
      else if (kind === "cathedral") add("cathedral:" + args.level, index);
      else if (kind === "let_go") add("apprentice:" + args.card, index);
      else if (["keep", "discard", "construct"].includes(kind)) add("building:" + args.card, index);
    });
    return named;
  }

  // Marks a drawn thing as the one option naming it: highlighted, and a tap chooses it.
  function offer(node, named, key) {
    const index = named.get(key);
    if (index === undefined) return node;
    node.classList.add("legal");
    if (index >= 0) { node.dataset.option = String(index); node.setAttribute("role", "button"); }
    return node;
  }

  // The workers of a pile counted by colour, one chip a colour (a capture target chooses that capture when tapped).
  function counts(pieces, named, location) {
    const by = {};
    (pieces || []).forEach((piece) => { by[piece.colour] = (by[piece.colour] || 0) + 1; });
    const chips = Object.entries(by).map(([colour, n]) => offer(element("span", {class: "count", "data-colour": colour,
        title: `${nameOf(colour)}: ${n}`}, element("span", {class: "dot", style: `background:${colourOf(colour)}`}),
      element("span", {class: "n", text: String(n)})), named, location ? `capture:${location}:${colour}` : ""));
    return element("div", {class: "counts"}, ...(chips.length ? chips : [element("span", {class: "hint", text: t("table.nobody")})]));
  }

  function zone(place, title, body, named, extra = "") {
    const node = element("section", {class: `zone ${extra}`.trim(), "data-place": place},
      element("h3", {text: title}), ...body);
    return offer(node, named, "location:" + place);
  }

  function locations(slots, summary, named) {
    const zones = LOCATIONS.map((place) => {
      const body = [counts(slots[`${place}.workers`], named, place)];
      if (place === "tax_stand") body.push(element("p", {class: "note silver", text: t("table.silver", {count: (slots["tax_stand.silver"] || []).length})}));
      return zone(place, word("places." + place, place), body, named);
    });
    const marketCard = (side) => {
      const kind = (summary.black_market || {})[side];
      const facts = MARKET.find((card) => card.kind === kind);
      return element("span", {class: "market-card", "data-side": side, text: facts ? goods(facts[side]) : "—"});
    };
    const spaces = SPACES.map((space) => {
      const worker = (slots[`black_market.${space}.worker`] || [])[0];
      return offer(element("span", {class: "space", "data-space": space},
        element("span", {class: "price", text: t("table.silver", {count: PRICE[space] ?? "?"})}),
        worker ? element("span", {class: "dot", title: nameOf(worker.colour), style: `background:${colourOf(worker.colour)}`}) : null),
      named, "space:" + space);
    });
    zones.push(zone("black_market", word("places.black_market", "black_market"),
      [element("div", {class: "market-cards"}, marketCard("small"), marketCard("large")), element("div", {class: "spaces"}, ...spaces)],
      named, "black-market"));
    zones.push(zone("prison", word("places.prison", "prison"), [counts(slots.prison, named, null)], named, "prison"));
    const total = summary.guildhall_spaces || 0;
    const columns = Math.max(1, Math.round(total / 4));
    const hall = element("div", {class: "guildhall-spaces", style: `grid-template-columns:repeat(${columns}, 1.1rem)`});
    for (let i = 1; i <= total; i += 1) {
      const worker = (slots[`guildhall.${i}`] || [])[0];
      hall.append(element("span", {class: "space" + (worker ? " taken" : ""), title: String(i),
                                   style: worker ? `background:${colourOf(worker.colour)}` : undefined}));
    }
    const beside = (slots["guildhall.beside"] || []).length ? counts(slots["guildhall.beside"], named, null) : null;
    zones.push(zone("guildhall", word("places.guildhall", "guildhall"),
      [element("p", {class: "note", text: t("table.guildhall_filled", {filled: summary.guildhall || 0, spaces: total})}), hall, beside],
      named, "guildhall"));
    return element("div", {class: "locations"}, ...zones);
  }

  function apprenticeCard(id, extra = "") {
    const facts = APPRENTICES[id] || {};
    return element("div", {class: `card apprentice ${extra}`.trim(), "data-apprentice": String(id)},
      element("span", {class: "band " + ((facts.skills || [])[0] || "none"),
                       text: (facts.skills || []).map((skill) => word("skills." + skill, skill)).join(" · ") || "—"}),
      element("span", {class: "card-name", text: apprenticeName(id)}),
      facts.virtue ? element("span", {class: "pips", text: t("table.virtue_gain", {count: (facts.virtue > 0 ? "+" : "−") + Math.abs(facts.virtue)})}) : null);
  }

  function buildingCard(id, extra = "") {
    const facts = BUILDINGS[id] || {};
    return element("div", {class: `card building ${extra}`.trim(), "data-building": String(id),
                           title: goods(facts.cost)},
      element("span", {class: "band " + ((facts.skills || [])[0] || "none"),
                       text: t("table.points", {count: facts.vp ?? 0})}),
      element("span", {class: "card-name", text: buildingName(id)}),
      element("span", {class: "cost", text: goods(facts.cost)}));
  }

  function workshopRow(slots, named) {
    const rows = [1, 2].map((row) => element("div", {class: "row"}, ...[1, 2, 3, 4].map((column) => {
      const card = (slots[`workshop.${row}.${column}`] || [])[0];
      const id = card ? Number(String(card.name).split(":")[1]) : null;
      const silver = (slots[`workshop.${row}.${column}.silver`] || []).length;
      const node = id ? apprenticeCard(id) : element("div", {class: "card empty", text: "—"});
      node.dataset.row = `${row}.${column}`;
      if (silver) node.append(element("span", {class: "coins", text: t("table.silver", {count: silver})}));
      return offer(node, named, `row:${row}.${column}`);
    })));
    return element("section", {class: "workshop-row", "data-place": "workshop_row"},
      element("h3", {text: t("table.apprentice_row")}), ...rows);
  }

  function track(name, top, marks, named) {
    const spaces = [];
    for (let step = 0; step <= top; step += 1) {
      const here = Object.entries(marks || {}).filter(([, at]) => at === step).map(([colour]) => colour);
      spaces.push(offer(element("li", {class: "step" + (here.length ? " marked" : ""), "data-step": String(step)},
        element("span", {class: "step-number", text: String(step)}),
        ...here.map((colour) => element("span", {class: "dot", "data-colour": colour, title: nameOf(colour),
                                                 style: `background:${colourOf(colour)}`}))), named, `${name}:${step}`));
    }
    return element("div", {class: "track", "data-track": name},
      element("h3", {text: word("places." + name, name)}), element("ol", {}, ...spaces));
  }

  function headline(summary) {
    const parts = [];
    if (summary.turn) parts.push(t("table.turn", {turn: summary.turn}));
    if (summary.current && summary.phase === "play") parts.push(t("table.to_play", {player: nameOf(summary.current)}));
    if (summary.final_turns_left) parts.push(t("table.final_turns", {count: summary.final_turns_left}));
    parts.push(t("table.rewards_left", {count: summary.rewards_left ?? 0}));
    return element("p", {class: "table-headline", text: parts.join(" · ")});
  }

  function seatPanel(view, summary, seat, colour, named, playing) {
    const slots = view.slots || {};
    const supply = (view.supplies || {})[colour] || {};
    const cards = (part) => Object.keys(slots).filter((s) => s.startsWith(`seat.${seat}.${part}.`))
      .map((s) => Number(s.split(".")[3])).sort((a, b) => a - b);
    const chip = (cls, text) => element("span", {class: "chip " + cls, text});
    const head = element("div", {class: "seat-head"},
      element("span", {class: "dot", style: `background:${colourOf(colour)}`}),
      element("strong", {class: "seat-name", text: nameOf(colour)}),
      chip("silver", t("table.silver", {count: supply.silver ?? 0})),
      ...GOODS.filter((good) => supply[good]).map((good) => chip("good " + good, `${supply[good]} ${word("resources." + good, good)}`)),
      chip("workers", t("table.workers_at_hand", {count: supply.worker ?? 0})),
      chip("hand", t("table.cards_in_hand", {count: supply.cards ?? 0})),
      supply.debt_unpaid ? chip("debt", t("table.debts_unpaid", {count: supply.debt_unpaid})) : null,
      supply.debt_paid ? chip("paid", t("table.debts_paid", {count: supply.debt_paid})) : null,
      chip("virtue", t("table.virtue_at", {count: (summary.virtue || {})[colour] ?? 0})));
    const captured = (slots[`seat.${seat}.captured`] || []).length ? element("div", {class: "captured"},
      element("span", {class: "hint", text: t("table.captured")}), counts(slots[`seat.${seat}.captured`], named, null)) : null;
    const apprentices = element("div", {class: "cards"}, ...cards("apprentice").map((id) =>
      offer(apprenticeCard(id), named, playing ? "apprentice:" + id : "")));
    const buildings = element("div", {class: "cards"}, ...cards("building").map((id) => buildingCard(id)));
    if (!cards("building").length) buildings.append(element("span", {class: "hint", text: t("table.no_buildings")}));
    return element("section", {class: "seat" + (playing ? " playing" : ""), "data-seat": String(seat), "data-colour": colour,
                               style: `--seat:${colourOf(colour)}`}, head, captured, apprentices, buildings);
  }

  // What only this screen's seat knows, drawn as cards: the hand, the cards dealt or offered, those kept.
  function privatePart(view, named) {
    const known = view.private;
    if (!known || view.seat === undefined || view.seat === null) return null;
    const box = element("section", {class: "own-cards"});
    ["draft", "offer", "hand", "kept"].forEach((key) => {
      const ids = known[key];
      if (!Array.isArray(ids) || !ids.length) return;
      box.append(element("h3", {text: word("private." + key, key)}),
        element("div", {class: "cards"}, ...ids.map((id) => offer(buildingCard(id), named, "building:" + id))));
    });
    return box.childElementCount ? box : null;
  }

  function draw(container, payload) {
    const snapshot = payload.snapshot || {};
    const view = snapshot.table_view || {slots: {}};
    const slots = view.slots || {};
    const summary = snapshot.summary || {};
    const named = optionIndex(snapshot.pending);
    const players = view.players || [];
    const deciding = (snapshot.pending || {}).player;
    const tracks = element("div", {class: "tracks"},
      track("virtue", VIRTUE_MAX, summary.virtue, named), track("cathedral", LEVELS, summary.cathedral, named));
    container.replaceChildren(element("div", {class: "architects-table"},
      headline(summary), locations(slots, summary, named), workshopRow(slots, named), tracks,
      element("div", {class: "seats"}, ...players.map((colour, seat) => seatPanel(view, summary, seat, colour, named, seat === deciding))),
      privatePart(view, named)));
  }

  // The guided setup check's own lines (before each player's supply): the Tax Stand's silver, the virtue markers,
  // the cards the table turns up next.
  function checklist(snapshot) {
    const view = snapshot.table_view || {slots: {}, tracks: {}};
    const virtue = (view.tracks || {}).virtue || {};
    const start = Object.values(virtue);
    return [t("guide.check_tax", {count: ((view.slots || {})["tax_stand.silver"] || []).length}),
            t("guide.check_virtue", {step: start.length ? Math.min(...start) : 0}),
            t("guide.check_cards")];
  }

  // A lamp of the strip is named by the place it lights.
  function placeLabel(place) {
    if (place === "turn") return t("table.turn_lamp");
    return word("places." + place, place);
  }

  return {draw, placeLabel, checklist};
});
