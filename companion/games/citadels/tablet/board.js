// Citadels on the live screen: the table drawn from the table view and the public summary. At the top the round,
// the crown and the eight characters in calling order (the one called now, those already called, the murdered and
// robbed marks, the ones put aside face up); then each seat: its name, the crown, gold, cards in hand, its
// characters (face down until called) and its city as cards (the type's colour, the cost as pips, the name). What
// only the seat this screen shows knows (its hand, the cards drawn, the characters to choose from) is drawn as cards
// too. A card, character or seat the pending decision names (a build, a pick, the Assassin's victim, the Warlord's
// target, the Magician's swap) is highlighted and chooses that option when tapped (data-option). The district and
// character facts come from the pack's data (tablet.json drawing_data).
"use strict";
Board.register(({t, has, element, colourOf, nameOf, data}) => {
  const DISTRICTS = Object.fromEntries(((data.districts || {}).districts || []).map((d) => [d.id, d]));
  const CHARACTERS = ((data.characters || {}).characters || []).slice().sort((a, b) => a.rank - b.rank);
  const word = (key, fallback) => has(key) ? t(key) : fallback;
  const title = (id) => word("tiles." + id, id);

  // The options of the pending decision that name each thing: "district:<id>", "character:<id>", "seat:<n>:<id>".
  function optionIndex(pending) {
    const named = new Map();
    const add = (key, index) => named.set(key, named.has(key) ? -1 : index);     // -1: more than one option
    ((pending && pending.options) || []).forEach((option, index) => {
      const args = option.action.args || {};
      if (option.action.kind === "destroy") add(`seat:${args.seat}:${args.district}`, index);
      else if (option.action.kind === "swap_hands") add(`seat:${args.seat}`, index);
      else if (typeof args.district === "string") add("district:" + args.district, index);
      else if (typeof args.character === "string") add("character:" + args.character, index);
    });
    return named;
  }

  // Marks a drawn thing as the one option naming it: highlighted, and a tap chooses it.
  function offer(node, named, key) {
    const index = named.get(key);
    if (index === undefined || index < 0) return node;
    node.classList.add("legal");
    node.dataset.option = String(index);
    node.setAttribute("role", "button");
    return node;
  }

  function card(id, extra = "") {
    const facts = DISTRICTS[id] || {};
    const type = facts.type || "unknown";
    return element("div", {class: `district ${type} ${extra}`.trim(), "data-district": id,
                           title: `${title(id)} · ${word("types." + type, type)} · ${facts.cost ?? "?"}`},
      element("span", {class: "band"}, element("span", {class: "pips", text: "●".repeat(facts.cost || 0)})),
      element("span", {class: "district-name", text: title(id)}));
  }

  function characterTrack(summary, named) {
    const calling = summary.calling;
    const callingRank = (CHARACTERS.find((c) => c.id === calling) || {}).rank || 0;
    const owners = {};
    Object.entries(summary.revealed || {}).forEach(([colour, ids]) => ids.forEach((id) => { owners[id] = colour; }));
    const track = element("ol", {class: "character-track", "aria-label": t("table.characters")});
    CHARACTERS.forEach((character) => {
      const states = [];
      if (character.id === calling) states.push("calling");
      else if (callingRank && character.rank < callingRank) states.push("called");
      if ((summary.faceup || []).includes(character.id)) states.push("aside");
      const marks = [];
      if (summary.murdered === character.id) { states.push("murdered"); marks.push(t("table.murdered")); }
      if (summary.robbed === character.id) { states.push("robbed"); marks.push(t("table.robbed")); }
      if ((summary.faceup || []).includes(character.id)) marks.push(t("table.aside"));
      const owner = owners[character.id];
      const item = element("li", {class: ["character", ...states].join(" "), "data-character": character.id,
                                  style: owner ? `--owner:${colourOf(owner)}` : undefined},
        element("span", {class: "rank", text: String(character.rank)}),
        element("span", {class: "character-name", text: title(character.id)}),
        owner ? element("span", {class: "owner", text: nameOf(owner)}) : null,
        ...marks.map((mark) => element("span", {class: "mark", text: mark})));
      track.append(offer(item, named, "character:" + character.id));
    });
    return track;
  }

  function headline(summary, players) {
    const parts = [];
    if (summary.round) parts.push(t("table.round", {round: summary.round}));
    if (summary.crown) parts.push(t("table.crown_with", {player: nameOf(summary.crown)}));
    const turn = summary.turn;
    if (turn && turn.character) parts.push(t("table.plays", {player: nameOf(turn.player), character: title(turn.character)}));
    else if (summary.calling) parts.push(t("table.calling", {character: title(summary.calling)}));
    else if (summary.choosing) parts.push(t("table.choosing", {player: nameOf(summary.choosing)}));
    if (summary.complete_at) parts.push(t("table.complete_at", {count: summary.complete_at}));
    return element("p", {class: "table-headline", text: parts.join(" · ")});
  }

  function seatPanel(view, summary, seat, colour, named) {
    const slots = view.slots || {};
    const supply = (view.supplies || {})[colour] || {};
    const city = Object.keys(slots).filter((s) => s.startsWith(`seat.${seat}.city.`))
      .sort((a, b) => Number(a.split(".")[3]) - Number(b.split(".")[3])).map((s) => slots[s][0].name);
    const characters = Object.keys(slots).filter((s) => s.startsWith(`seat.${seat}.character.`)).sort()
      .map((s) => slots[s][0].name || null);
    const crowned = (slots[`seat.${seat}.crown`] || []).length > 0;
    const playing = (summary.turn && summary.turn.player === colour) || summary.choosing === colour;
    const complete = (summary.completed || []).includes(colour);
    const head = element("div", {class: "seat-head"},
      element("span", {class: "dot", style: `background:${colourOf(colour)}`}),
      element("strong", {class: "seat-name", text: nameOf(colour)}),
      crowned ? element("span", {class: "crown", title: t("table.crown"), text: "♛ " + t("table.crown")}) : null,
      element("span", {class: "chip gold", text: t("table.gold", {gold: supply.gold ?? 0})}),
      element("span", {class: "chip hand", text: t("table.hand", {count: supply.hand ?? 0})}),
      complete ? element("span", {class: "chip complete", text: t("table.complete")}) : null,
      ...characters.map((id) => element("span", {class: "chip character-card" + (id ? "" : " face-down"),
                                                  text: id ? title(id) : t("table.face_down")})));
    const row = element("div", {class: "city", "aria-label": t("table.city_of", {player: nameOf(colour)})},
      ...city.map((id) => offer(card(id), named, `seat:${seat}:${id}`)));
    if (!city.length) row.append(element("span", {class: "hint", text: t("table.no_districts")}));
    const buildable = seat === buildsFor ? builds : [];
    const offered = buildable.length ? element("div", {class: "can-build"}, element("span", {class: "hint", text: t("table.can_build")}),
      element("div", {class: "city"}, ...buildable.map((id) => offer(card(id), named, "district:" + id)))) : null;
    return offer(element("section", {class: "seat" + (playing ? " playing" : ""), "data-seat": String(seat), "data-colour": colour,
                                     style: `--seat:${colourOf(colour)}`}, head, row, offered), named, `seat:${seat}`);
  }

  // The districts the player may build now, drawn beside their city when this screen does not show their hand.
  let builds = [], buildsFor = null;
  function buildOptions(pending, view) {
    const options = ((pending && pending.options) || []).filter((option) => option.action.kind === "build");
    const handShown = view.private && view.seat === (pending || {}).player;
    builds = handShown ? [] : options.map((option) => option.action.args.district);
    buildsFor = builds.length ? pending.player : null;
  }

  // What only this screen's seat knows, drawn as cards: the hand, the cards drawn, the characters to choose from.
  function privatePart(view, named) {
    const known = view.private;
    if (!known || view.seat === undefined || view.seat === null) return null;
    const box = element("section", {class: "own-cards"});
    const row = (key, ids, draw) => {
      if (!ids || !ids.length) return;
      box.append(element("h3", {text: word("private." + key, key)}), element("div", {class: "city"}, ...ids.map(draw)));
    };
    row("choosing_from", known.choosing_from, (id) => offer(element("span", {class: "chip character-card", "data-character": id,
                                                                            text: title(id)}), named, "character:" + id));
    row("drawn", known.drawn, (id) => offer(card(id), named, "district:" + id));
    row("hand", known.hand, (id) => offer(card(id), named, "district:" + id));
    return box.childElementCount ? box : null;
  }

  function draw(container, payload) {
    const snapshot = payload.snapshot || {};
    const view = snapshot.table_view || {slots: {}};
    const summary = payload.history === undefined ? snapshot.summary || {} : {};
    const named = optionIndex(snapshot.pending);
    buildOptions(snapshot.pending, view);
    const players = view.players || snapshot.players || [];
    const middle = element("p", {class: "middle hint", text: [
      t("table.deck", {count: summary.deck ?? 0}),
      summary.facedown ? t("table.facedown", {count: summary.facedown}) : null].filter(Boolean).join(" · ")});
    const now = payload.history === undefined;      // a past table (a move of the log tapped): the summary is now's
    container.replaceChildren(element("div", {class: "citadels-table"},
      ...(now ? [headline(summary, players), characterTrack(summary, named), middle] : []),
      ...players.map((colour, seat) => seatPanel(view, summary, seat, colour, named)),
      privatePart(view, named)));
  }

  // A lamp of the strip is named by the seat it lights (its crown LED too), or the table's middle.
  function placeLabel(place) {
    const [, seat, part] = place.split(".");
    if (seat === undefined) return t("table.middle_lamp");
    return t(part === "crown" ? "table.crown_lamp" : "table.seat_lamp", {seat: Number(seat) + 1});
  }

  return {draw, placeLabel};
});
