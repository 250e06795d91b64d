// The live screen: one server-sent event stream, each event the whole live payload; draw it.
"use strict";
(() => {
  const {t, has, post, element, toast, playerName, paired} = Companion;
  const $ = (id) => document.getElementById(id);
  // The game on the table (<script id="game">, companion/web/tablet.py): its players' table's columns, in order.
  const GAME = JSON.parse(($("game") || {}).textContent || "{}");
  let current = null;

  // The players' table's columns: the pack's "supplies", else every resource any seat holds now.
  function resources(view) {
    if (Array.isArray(GAME.supplies)) return GAME.supplies;
    const names = new Set();
    Object.values((view && view.supplies) || {}).forEach((supply) => Object.keys(supply).forEach((r) => names.add(r)));
    return [...names].sort();
  }
  const resourceName = (r) => has("resources." + r) ? t("resources." + r) : r;

  function nameOf(colour) { return playerName(colour, (current.snapshot || {}).names); }

  function renderStatus(snapshot) {
    const summary = snapshot.summary || {};
    const turn = summary.turn;           // a pack may keep more than a number under "turn": only a number or word shows
    $("turn").textContent = typeof turn === "number" || typeof turn === "string" ? t("live.turn", {turn}) : "";
    $("phase").textContent = summary.phase ? (has("phases." + summary.phase) ? t("phases." + summary.phase) : summary.phase) : "";
    const pending = snapshot.pending;
    if (snapshot.over) {
      $("whose-turn").textContent = t("live.game_over");
      $("question").textContent = "";
    } else if (pending) {
      const colour = pending.player >= 0 ? snapshot.players[pending.player] : null;     // below 0: the table (chance)
      $("whose-turn").textContent = t("live.to_decide", {player: colour ? nameOf(colour) : t("live.the_table")});
      $("whose-turn").style.setProperty("--player", colour ? Board.colourOf(colour) : "var(--accent)");
      const key = "decisions." + pending.kind;
      $("question").textContent = has(key) ? t(key) : t("decisions.generic", {kind: pending.kind});
    }
  }

  function amounts(values, sign) {
    return Object.entries(values || {}).filter(([, n]) => n).map(([resource, n]) =>
      element("span", {class: "chip " + (sign < 0 ? "cost" : "gain"),
                       text: `${sign < 0 ? "−" : "+"}${n} ${has("resources." + resource) ? t("resources." + resource) : resource}`}));
  }

  function optionLabel(option) {
    const args = option.action.args || {};
    const place = args.place || args.building;
    if (option.text) return option.text;          // the option's words in the reader's language (the pack's strings)
    if (option.label) return option.label;
    if (typeof place === "string") return has("places." + place) ? t("places." + place) : place;
    return has("options." + option.action.kind) ? t("options." + option.action.kind) : option.action.kind;
  }

  // While the camera asks about this decision, its options come in the camera's order: its best guess first.
  function inCameraOrder(options, prompt, decisions) {
    if (!prompt || prompt.decision !== decisions) return options;
    const rank = new Map(prompt.actions.map((action, index) => [JSON.stringify(action), index]));
    const at = (option) => rank.get(JSON.stringify(option.action)) ?? Infinity;
    return [...options].sort((a, b) => at(a) - at(b));
  }

  function renderPrompt(snapshot, live) {
    const options = $("options");
    const pending = snapshot.pending;
    if (!pending) { options.replaceChildren(); return; }
    const prompt = live && live.prompt;
    const guessed = Boolean(prompt && prompt.decision === snapshot.decisions_made);
    const device = current.device || {};
    const refused = paired() ? device.decide : null;
    $("decide-why").textContent = refused || "";
    $("decide-why").hidden = !refused;
    options.replaceChildren(...inCameraOrder(pending.options, prompt, snapshot.decisions_made).map((option, index) => element("button", {
      class: guessed && index === 0 ? "big option guess" : "big option", "data-index": index, disabled: !paired() || Boolean(refused),
      onclick: () => choose(option),
    }, element("span", {class: "option-label", text: optionLabel(option)}),
       ...(guessed && index === 0 ? [element("span", {class: "guess-tag", text: t("live.camera_guess")})] : []),
       ...amounts(option.cost, -1), ...amounts(option.gain, 1))));
  }

  // Undo: off at the end of the game, and for a device that may not decide for the seat it would give back.
  function renderUndo(payload) {
    const device = payload.device || {};
    const snapshot = payload.snapshot;
    $("undo").disabled = !paired() || !snapshot.decisions_made || snapshot.over || Boolean(device.undo);
    $("undo").title = device.undo || "";
  }

  // Which seat this device plays ("You are Red"), or the table's device; bots' seats can't be chosen.
  function renderSeat(payload) {
    const device = payload.device || {};
    const snapshot = payload.snapshot;
    const select = $("seat-choice");
    $("seat-picker").hidden = !paired();
    const wanted = [["", t("live.table_device")], ...snapshot.players.map((colour) => [colour, nameOf(colour)])];
    if (select.dataset.players !== snapshot.players.join(",") + "|" + (device.bots || []).join(",")) {
      select.replaceChildren(...wanted.map(([value, text]) => element("option", {value, text,
        disabled: (device.bots || []).includes(value) ? "disabled" : null})));
      select.dataset.players = snapshot.players.join(",") + "|" + (device.bots || []).join(",");
    }
    select.value = device.seat || "";
    $("you-are").hidden = !device.seat;
    if (device.seat) {
      $("you-are").textContent = t("live.you_are", {player: nameOf(device.seat)});
      $("you-are").style.setProperty("--player", Board.colourOf(device.seat));
    }
  }

  // A decision secret to a seat without a device of its own, on the table's device: "Pass the tablet to Ann" covers
  // the screen until Ann taps "I am Ann" (the server then sends her options); once she has decided, "Pass the tablet
  // back" covers it again, so the next person never sees her secret.
  let showedSecret = false, passBack = false;
  function renderHandOver(payload) {
    const over = payload.hand_over;
    if (over && over.revealed) { showedSecret = true; passBack = false; }
    else if (showedSecret) { showedSecret = false; passBack = !over; }
    const cover = over && !over.revealed
      ? {title: t("live.pass_to", {player: nameOf(over.to)}), hint: t("live.pass_to_hint", {player: nameOf(over.to)}),
         button: t("live.i_am", {player: nameOf(over.to)}), colour: over.to, go: () => reveal(over.to, over.decision)}
      : passBack ? {title: t("live.pass_back"), hint: t("live.pass_back_hint"), button: t("live.pass_back_done"),
                    colour: null, go: () => { passBack = false; render(current); }}
      : null;
    $("hand-over").hidden = !cover;
    $("live").hidden = Boolean(cover);
    // The table's alerts stay in sight on the cover, and a phone that meets it can still become a seat's own device.
    const place = (id, onCover, home) => {
      const target = cover ? $(onCover) : $(home);
      if ($(id).parentElement !== target) target.append($(id));
    };
    place("alerts", "hand-over-alerts", "alerts-home");
    place("seat-picker", "hand-over-seat", "seat-home");
    document.body.dataset.handOver = cover ? (cover.colour || "back") : "";
    if (cover) {
      $("hand-over-title").textContent = cover.title;
      $("hand-over-hint").textContent = cover.hint;
      $("hand-over").style.setProperty("--player", cover.colour ? Board.colourOf(cover.colour) : "transparent");
      $("hand-over-go").textContent = cover.button;
      $("hand-over-go").disabled = Boolean(cover.colour) && !paired();
      $("hand-over-go").onclick = cover.go;
    }
    const revealed = Boolean(over && over.revealed);
    // A person deciding in the open (their turn) may show what only they know (their hand) on the table's device.
    const open = payload.show_hand;
    const shown = Boolean(open && open.revealed);
    $("show-private").hidden = !open || shown || !paired();
    if (open && !shown) {
      $("show-private").textContent = t("live.show_private", {player: nameOf(open.to)});
      $("show-private").onclick = () => reveal(open.to, open.decision);
    }
    $("secret-banner").hidden = !revealed && !shown;
    if (revealed) $("secret-banner-text").textContent = t("live.secret_for", {player: nameOf(over.to)});
    else if (shown) $("secret-banner-text").textContent = t("live.private_for", {player: nameOf(open.to)});
  }

  async function reveal(colour, decision) {
    const result = await post("/api/reveal", colour ? {seat: colour, decision} : {seat: null});
    if (!result.ok) toast(result.error);
  }

  // What only the seat this screen shows knows (its hand, its secret choices): the pack's private view.
  function renderPrivate(snapshot) {
    const view = snapshot.table_view || {};
    const known = view.private || {};
    const entries = Object.entries(known).filter(([, value]) => value !== null && !(Array.isArray(value) && !value.length));
    $("private").hidden = view.seat === undefined || !entries.length;
    if ($("private").hidden) { $("private-view").replaceChildren(); return; }
    $("private-title").textContent = t("live.private_title", {player: nameOf(snapshot.players[view.seat])});
    const word = (value) => ["tiles.", "places.", "pieces.", "resources."].map((prefix) => prefix + value).filter(has)
      .map((key) => t(key))[0] ?? String(value);
    const said = (value) => Array.isArray(value) ? value.map(word).join(", ")
      : typeof value === "object" ? Object.entries(value).map(([k, v]) => `${word(k)}: ${said(v)}`).join(", ") : word(value);
    $("private-view").replaceChildren(...entries.flatMap(([key, value]) => [
      element("dt", {text: has("private." + key) ? t("private." + key) : key}),
      element("dd", {"data-private": key, text: said(value)})]));
  }

  // The moves in plain words, newest first: who did what, and whose points it changed.
  function renderLog(payload) {
    const moves = (payload.log || []).slice().reverse();
    $("move-log").replaceChildren(...(moves.length ? moves.map((move) => element("li", {"data-number": move.number,
        class: viewing && viewing.number === move.number ? "viewing" : "", tabindex: "0", role: "button",
        title: t("live.see_table_then"), onclick: () => showTableThen(move.number),
        onkeydown: (event) => { if (event.key === "Enter") showTableThen(move.number); }},
      element("span", {class: "dot", style: `background:${Board.colourOf(move.player)}`}),
      " ", element("strong", {text: move.player ? nameOf(move.player) : t("live.the_table")}),
      " ", element("span", {text: move.secret ? t("live.move_secret") : move.text}),
      ...Object.entries(move.points || {}).map(([colour, n]) => element("span", {class: "chip " + (n < 0 ? "cost" : "gain"),
        text: t("live.move_points", {player: nameOf(colour), points: (n > 0 ? "+" : "−") + Math.abs(n)})}))))
      : [element("li", {class: "hint", text: t("live.moves_none")})]));
  }

  // A move of the log, tapped: the board shows the table as it was after it, until "Back to now".
  let viewing = null;
  async function showTableThen(number) {
    try {
      viewing = {...await Companion.getJson(`/api/history/${number}`), game_id: current.game_id};
    } catch (error) { toast(error.message); return; }
    render(current);
  }

  function drawBoard(payload) {
    $("history-banner").hidden = !viewing;
    if (!viewing) { Board.draw($("board"), payload); return; }
    $("history-text").textContent = t("live.table_then", {number: viewing.number});
    // The past table: its view, no decision to highlight; payload.history tells a pack's drawing that the summary
    // beside it is now's, not the table's then.
    Board.draw($("board"), {...payload, legal_places: [], history: viewing.number,
                            snapshot: {...payload.snapshot, table_view: viewing.table_view, alerts: [], pending: null}});
  }

  function renderLessonsSeen(payload) {
    const seen = payload.lessons_seen || [];
    $("lessons-seen").hidden = !payload.guided;
    $("lessons-seen-list").replaceChildren(...(seen.length ? seen.map((lesson) => element("details", {class: "lesson-seen", "data-key": lesson.key},
      element("summary", {text: lesson.title}), element("p", {text: lesson.text})))
      : [element("p", {class: "hint", text: t("live.lessons_none")})]));
  }

  // A tap on a place of the drawn board chooses the one option that names it (the buttons stay, for accessibility).
  const PLACE_ARGS = ["place", "location", "building", "square", "space"];
  function optionsAt(place) {
    const pending = current && current.snapshot && current.snapshot.pending;
    return ((pending && pending.options) || []).filter((option) =>
      PLACE_ARGS.some((name) => String((option.action.args || {})[name]) === place));
  }
  function tapPlace(event) {
    if (!paired() || !current || (current.device || {}).decide) return;
    const chosen = event.target.closest("[data-option]");          // a pack's drawing names the option itself
    const pending = current.snapshot && current.snapshot.pending;
    if (chosen && pending && pending.options[Number(chosen.dataset.option)]) {
      choose(pending.options[Number(chosen.dataset.option)]);
      return;
    }
    const node = event.target.closest("[data-place]");
    if (!node) return;
    const matching = optionsAt(node.dataset.place);
    if (matching.length === 1) choose(matching[0]);
    else if (matching.length > 1) toast(t("live.choose_below"));
  }

  async function choose(option) {
    $("prompt-message").textContent = "";
    const result = await post("/api/decide", {action: option.action});
    // the rule's name is the engine's English: shown beside an English refusal only (the message says the rule)
    const english = document.documentElement.lang === "en";
    if (!result.ok) $("prompt-message").textContent = result.error + (result.data.rule && english ? ` (${result.data.rule})` : "");
  }

  function renderAlerts(snapshot) {
    $("alerts").replaceChildren(...(snapshot.alerts || []).map((alert) => element("div", {class: "card alert", role: "alert", "data-alert": alert.id},
      element("h2", {text: has("alerts." + alert.kind) ? t("alerts." + alert.kind) : t("alerts.illegal")}),
      element("p", {class: "alert-message", text: alert.message}),
      alert.rule ? element("p", {class: "alert-rule", text: t("alerts.rule", {rule: alert.rule})}) : null,
      element("div", {class: "alert-actions"},
        element("button", {class: "big primary", disabled: !paired(), onclick: () => resolve(alert.id, "fixed"), text: t("alerts.fixed")}),
        element("button", {class: "big", disabled: !paired(), onclick: () => resolve(alert.id, "override"), text: t("alerts.override")})))));
  }

  async function resolve(id, how) {
    const result = await post(`/api/alerts/${id}/resolve`, {how});
    if (!result.ok) toast(result.error);
  }

  function renderLesson(payload) {
    const lesson = payload.lesson;
    $("lesson").hidden = !lesson;
    if (!lesson) return;
    $("lesson").dataset.key = lesson.key;
    $("lesson-title").textContent = lesson.title;
    $("lesson-text").textContent = lesson.text;
    $("setup-check").replaceChildren(lesson.key === GAME.start_lesson ? setupChecklist(payload.snapshot) : "");
    $("lesson-done").disabled = !paired();
  }

  function setupChecklist(snapshot) {
    const view = snapshot.table_view || {slots: {}, supplies: {}};
    const list = element("ul", {class: "checklist"});
    Board.checklist(snapshot).forEach((line) => list.append(element("li", {text: line})));
    for (const colour of snapshot.players) {
      const supply = (view.supplies || {})[colour] || {};
      const parts = resources(view).filter((r) => supply[r]).map((r) => `${supply[r]} ${resourceName(r)}`).join(", ");
      list.append(element("li", {text: t("guide.check_supply", {player: nameOf(colour), supply: parts})}));
    }
    return list;
  }

  function renderPlayers(snapshot) {
    const view = snapshot.table_view || {supplies: {}};
    const totals = Object.fromEntries((snapshot.scores || []).map((s) => [snapshot.players[s.player], s.total]));
    const deciding = snapshot.pending ? snapshot.players[snapshot.pending.player] : null;
    const head = element("tr", {}, element("th", {text: t("live.player")}), element("th", {text: t("live.points")}),
      ...resources(view).map((r) => element("th", {text: resourceName(r)})));
    const rows = snapshot.players.map((colour) => {
      const supply = (view.supplies || {})[colour] || {};
      return element("tr", {class: colour === deciding ? "deciding" : "", "data-colour": colour},
        element("td", {}, element("span", {class: "dot", style: `background:${Board.colourOf(colour)}`}), " " + nameOf(colour)),
        element("td", {class: "pp", text: String(totals[colour] ?? 0)}),
        ...resources(view).map((r) => element("td", {text: String(supply[r] ?? 0)})));
    });
    $("players").replaceChildren(element("thead", {}, head), element("tbody", {}, ...rows));
  }

  function renderChart(snapshot) {
    const history = snapshot.pp_history || [];
    const SVG = "http://www.w3.org/2000/svg";
    const width = 600, height = 220, pad = 30;
    const maxPp = Math.max(10, ...history.flatMap((point) => Object.values(point.pp)));
    const x = (i) => pad + (history.length > 1 ? i * (width - 2 * pad) / (history.length - 1) : 0);
    const y = (pp) => height - pad - pp * (height - 2 * pad) / maxPp;
    const root = document.createElementNS(SVG, "svg");
    root.setAttribute("viewBox", `0 0 ${width} ${height}`);
    root.setAttribute("role", "img");
    root.setAttribute("aria-label", t("scores.chart"));
    const axis = document.createElementNS(SVG, "path");
    axis.setAttribute("d", `M${pad},${pad} V${height - pad} H${width - pad}`);
    axis.setAttribute("class", "axis");
    root.append(axis);
    for (const colour of snapshot.players) {
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", history.map((point, i) => `${x(i)},${y(point.pp[colour] || 0)}`).join(" "));
      line.setAttribute("stroke", Board.colourOf(colour));
      line.setAttribute("class", "pp-line");
      line.dataset.colour = colour;
      root.append(line);
    }
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", pad); label.setAttribute("y", pad - 8);
    label.textContent = `${maxPp} ${t("live.points")}`;
    root.append(label);
    // The turn axis: a tick and number for each turn (at most about ten numbers).
    const every = Math.max(1, Math.ceil(history.length / 10));
    history.forEach((point, i) => {
      if (i % every && i !== history.length - 1) return;
      const tick = document.createElementNS(SVG, "text");
      tick.setAttribute("x", x(i)); tick.setAttribute("y", height - pad + 16);
      tick.setAttribute("text-anchor", "middle"); tick.setAttribute("class", "turn-tick");
      tick.textContent = String(point.turn ?? i + 1);
      root.append(tick);
    });
    const axisName = document.createElementNS(SVG, "text");
    axisName.setAttribute("x", width - pad); axisName.setAttribute("y", height - 2);
    axisName.setAttribute("text-anchor", "end"); axisName.setAttribute("class", "turn-tick");
    axisName.textContent = t("live.turns");
    root.append(axisName);
    const legend = element("ul", {class: "chart-legend"}, ...snapshot.players.map((colour) => element("li", {"data-colour": colour},
      element("span", {class: "dot", style: `background:${Board.colourOf(colour)}`}), " " + nameOf(colour))));
    $("chart").replaceChildren(root, legend);
  }

  function renderBreakdown(snapshot) {
    $("breakdown-card").hidden = !snapshot.over;
    if (!snapshot.over) return;
    Breakdown.fill($("breakdown"), $("winners"), snapshot.players, snapshot.names, snapshot.scores, snapshot.winners);
  }

  let cameraTimer = null;
  function renderCamera(payload) {
    const image = $("camera");
    image.hidden = !(payload.camera && paired());
    if (!image.hidden && !cameraTimer) {
      const refresh = () => { if (!document.hidden) image.src = "/camera.jpg?t=" + Date.now(); };
      refresh();
      cameraTimer = setInterval(refresh, 1000);
    }
    const legend = $("camera-legend");
    const marks = image.hidden ? [] : payload.camera_marks || [];
    legend.hidden = !marks.length;
    legend.replaceChildren(...marks.map((mark) => element("li", {"data-kind": mark.kind},
      markIcon(mark.mark), element("span", {text: mark.name}))));
  }

  // The shape the camera picture marks a piece kind with (companion/live/overlay.py MARKS), as a small SVG.
  const MARK_SHAPES = {
    dot: ["circle", {cx: 8, cy: 8, r: 3.5, class: "filled"}],
    square: ["rect", {x: 3, y: 3, width: 10, height: 10}],
    diamond: ["polygon", {points: "8,2 14,8 8,14 2,8"}],
    triangle: ["polygon", {points: "8,2 14,13 2,13"}],
    triangle_down: ["polygon", {points: "2,3 14,3 8,14"}],
    cross: ["path", {d: "M8,2V14M2,8H14"}],
    x: ["path", {d: "M3,3L13,13M13,3L3,13"}],
    star: ["path", {d: "M8,2V14M2,8H14M3.5,3.5L12.5,12.5M12.5,3.5L3.5,12.5"}],
  };
  function markIcon(name) {
    const SVG = "http://www.w3.org/2000/svg";
    const root = document.createElementNS(SVG, "svg");
    root.setAttribute("viewBox", "0 0 16 16");
    root.setAttribute("class", "mark mark-" + name);
    root.setAttribute("aria-hidden", "true");
    const [tag, attributes] = MARK_SHAPES[name] || MARK_SHAPES.dot;
    const shape = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) shape.setAttribute(key, value);
    root.append(shape);
    return root;
  }

  // The camera's state ("hand over the board", a drop) and the LED board's link, under the status line.
  function renderDevices(payload) {
    const live = payload.live;
    const camera = $("camera-status");
    camera.hidden = !live;
    if (live) {
      const watching = live.camera === "watching";
      const key = watching && !live.registered ? "live.camera_not_registered"
        : watching && !live.start_seen ? "live.camera_start"
        : live.occluded ? "live.camera_hand" : "live.camera_" + live.camera;
      camera.textContent = has(key) ? t(key) : live.camera;
      camera.dataset.state = key === "live.camera_start" ? "start" : live.occluded ? "hand" : live.camera;
    }
    const question = $("camera-question");
    const prompt = live && live.prompt;
    question.hidden = !prompt;
    if (prompt) {
      const asks = {hidden: "live.prompt_hidden", unseen: "live.prompt_unseen", invisible: "live.prompt_invisible"};
      question.textContent = t(asks[prompt.reason] || "live.prompt_invisible");
      question.dataset.decision = String(prompt.decision);
    }
    const link = payload.leds_link;
    const leds = $("leds-status");
    leds.hidden = !link;
    if (link) {
      const key = "live.leds_" + link.state;
      leds.textContent = has(key) ? t(key) : link.message || link.state;
      leds.title = link.message || "";
      leds.dataset.state = link.state;
    }
  }

  function render(payload) {
    current = payload;
    document.body.dataset.gameId = payload.game_id || "";
    if (!payload.game_id) {
      $("whose-turn").replaceChildren(...(payload.unfinished ? [element("a", {id: "continue-unfinished",
        href: `/records/${encodeURIComponent(payload.unfinished)}`, text: t("live.continue_unfinished")}), " · "] : []),
        element("a", {href: "/setup", text: t("live.no_game")}));
      $("options").replaceChildren();
      return;
    }
    const snapshot = payload.snapshot;
    if (viewing && (viewing.game_id !== payload.game_id || viewing.number > snapshot.decisions_made)) viewing = null;
    renderHandOver(payload);
    renderStatus(snapshot);
    renderPrivate(snapshot);
    renderLesson(payload);
    renderAlerts(snapshot);
    renderPrompt(snapshot, payload.live);
    renderUndo(payload);
    renderSeat(payload);
    renderLessonsSeen(payload);
    renderLog(payload);
    drawBoard(payload);
    Board.drawLeds($("leds"), payload.leds);
    renderCamera(payload);
    renderDevices(payload);
    renderPlayers(snapshot);
    renderChart(snapshot);
    renderBreakdown(snapshot);
    document.body.dataset.change = String(snapshot.change);
    document.body.dataset.decisions = String(snapshot.decisions_made);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const stream = new EventSource("/api/events");
    stream.addEventListener("live", (event) => render(JSON.parse(event.data)));
    stream.addEventListener("error", () => { $("whose-turn").textContent = t("live.reconnecting"); });
    $("board").addEventListener("click", (event) => { if (!viewing) tapPlace(event); });
    $("history-now").addEventListener("click", () => { viewing = null; render(current); });
    $("seat-choice").addEventListener("change", async () => {
      const result = await post("/api/seat", {colour: $("seat-choice").value || null});
      if (!result.ok) toast(result.error);
    });
    $("secret-hide").addEventListener("click", () => reveal(null));
    $("undo").addEventListener("click", async () => {
      const result = await post("/api/undo");
      if (!result.ok) toast(result.error);
    });
    $("lesson-done").addEventListener("click", async () => {
      const result = await post(`/api/lessons/${$("lesson").dataset.key}/done`);
      if (!result.ok) toast(result.error);
    });
    $("override-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const kind = $("override-kind").value, colour = $("override-colour").value.trim();
      const pieces = kind ? [colour ? {kind, colour} : {kind}] : [];
      const result = await post("/api/override", {slot: $("override-slot").value.trim(), pieces});
      toast(result.ok ? t("override.saved") : result.error);
    });
  });
})();
