// The setup wizard: camera, corner taps, empty board, piece colours, then players and variant.
"use strict";
(() => {
  const {t, has, getJson, post, element, toast} = Companion;
  const $ = (id) => document.getElementById(id);
  let corners = [];
  let samples = {};
  let choices = null;

  function tapPosition(event) {
    const box = $("preview").getBoundingClientRect();
    return [Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
            Math.min(1, Math.max(0, (event.clientY - box.top) / box.height))];
  }

  function drawMarks() {
    const marks = $("corner-marks");
    marks.replaceChildren();
    marks.setAttribute("viewBox", "0 0 1 1");
    marks.setAttribute("preserveAspectRatio", "none");
    for (const [x, y] of corners) {
      const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("cx", x); dot.setAttribute("cy", y); dot.setAttribute("r", 0.012);
      marks.append(dot);
    }
    $("corner-count").textContent = String(corners.length);
  }

  function playerRows(game) {
    const rows = game.colours.map((colour, index) => element("div", {class: "player-row", "data-colour": colour},
      element("label", {class: "check"}, element("input", {type: "checkbox", value: colour, class: "seat", checked: index < 3 ? "checked" : null}),
        " ", element("span", {class: "dot", style: `background:${Board_colour(colour)}`}), " " + t("colours." + colour)),
      element("input", {class: "big-input name", "data-colour": colour, placeholder: t("setup.name"), maxlength: 24}),
      element("span", {class: "row-buttons"},
        element("button", {type: "button", class: "seat-up", "aria-label": t("setup.seat_up", {colour: t("colours." + colour)}),
                           title: t("setup.seat_up", {colour: t("colours." + colour)}), onclick: (event) => moveUp(event.currentTarget), text: "↑"}),
        element("button", {type: "button", class: "sample", onclick: () => { samples.pending = colour; toast(t("setup.tap_piece", {colour: t("colours." + colour)})); }, text: t("setup.sample")}))));
    $("player-rows").replaceChildren(...rows);
    // The first player: drawn by the game, or one chosen here (who then sits first, the rows' order going on
    // from them) when the pack names the variant that makes the seat order the first turn order.
    const first = game.first_player_variant;
    $("first-player-row").hidden = !first;
    $("first-player").replaceChildren(element("option", {value: "", text: t("setup.first_drawn")}),
      ...game.colours.map((colour) => element("option", {value: colour, text: t("colours." + colour)})));
    $("variants").replaceChildren(...game.variants.filter((variant) => variant.name !== first).map(variantControl));
  }

  // The seats in the rows' order, turned so that the chosen first player sits first.
  function seatsFrom(players, firstPlayer) {
    const at = players.indexOf(firstPlayer);
    return at < 0 ? players : [...players.slice(at), ...players.slice(0, at)];
  }

  // Seat order is the rows' order: "↑" moves a player one seat earlier.
  function moveUp(button) {
    const row = button.closest(".player-row");
    if (row.previousElementSibling) row.parentNode.insertBefore(row, row.previousElementSibling);
    button.focus();
  }

  const variantLabel = (variant) => has("variants." + variant.name) ? t("variants." + variant.name) : variant.description;
  const choiceLabel = (variant, value) => has(`variants.${variant.name}.${value}`) ? t(`variants.${variant.name}.${value}`) : String(value);

  // A rules option drawn from its type (companion/web/setup.py variant_control): a checkbox, a select of its
  // choices, a number or a text field. Each control knows how to read its value back with the option's type.
  function variantControl(variant) {
    const id = "variant-" + variant.name;
    if (variant.control === "boolean") {
      return element("label", {class: "check variant-row"},
        element("input", {type: "checkbox", id, class: "variant", "data-name": variant.name, "data-control": "boolean",
                          checked: variant.default ? "checked" : null}), " " + variantLabel(variant));
    }
    let input;
    if (variant.control === "choice") {
      input = element("select", {id, class: "big-input variant", "data-name": variant.name, "data-control": "choice"},
        ...variant.choices.map((value, index) => element("option", {value: String(index), text: choiceLabel(variant, value),
                                                                    selected: value === variant.default ? "selected" : null})));
      input.choices = variant.choices;
    } else if (variant.control === "number") {
      input = element("input", {id, type: "number", class: "big-input variant", "data-name": variant.name, "data-control": "number",
                                value: String(variant.default), min: variant.min, max: variant.max, step: Number.isInteger(variant.default) ? "1" : "any"});
    } else {
      input = element("input", {id, class: "big-input variant", "data-name": variant.name, "data-control": "text", value: String(variant.default ?? "")});
    }
    return element("div", {class: "variant-row"}, element("label", {for: id, text: variantLabel(variant)}), input);
  }

  function variantValue(input) {
    switch (input.dataset.control) {
      case "boolean": return input.checked;
      case "choice": return input.choices[Number(input.value)];
      case "number": return Number(input.value);
      default: return input.value;
    }
  }
  const Board_colour = (colour) => ({red: "#d3342f", blue: "#2f62d3", green: "#2e9d3a", yellow: "#e8c30c", black: "#222",
                                      orange: "#ef7d16", purple: "#8a3fc0", white: "#f4f4f4"}[colour] || "#888");

  async function save(url, body, done) {
    const result = await post(url, body);
    $("setup-message").textContent = result.ok ? "" : result.error;
    if (result.ok) toast(done);
    return result;
  }

  document.addEventListener("DOMContentLoaded", async () => {
    choices = await getJson("/api/setup");
    const select = $("camera-choice");
    // [value saved in setup.json (a --camera string), what the list shows]
    const cameras = choices.cameras.length ? choices.cameras.map((camera) => [camera, camera]) : [["sim", t("setup.simulated_camera")]];
    select.replaceChildren(...cameras.map(([value, text]) => element("option", {value, text})));
    if (choices.setup.camera) select.value = choices.setup.camera;
    $("no-camera").hidden = choices.camera;
    if (choices.camera) $("preview").src = "/camera.jpg?t=" + Date.now();
    else $("preview").hidden = true;
    corners = choices.setup.corners || [];
    drawMarks();
    if (choices.games.length) playerRows(choices.games[0]);
    else $("setup-message").textContent = t("setup.no_engine");

    $("preview").addEventListener("click", (event) => {
      const point = tapPosition(event);
      if (samples.pending) { samples[samples.pending] = point; toast(t("setup.sampled", {colour: t("colours." + samples.pending)})); delete samples.pending; return; }
      if (corners.length < 4) corners.push(point);
      drawMarks();
    });
    $("camera-save").addEventListener("click", () => save("/api/setup/camera", {camera: select.value}, t("setup.saved")));
    $("corners-reset").addEventListener("click", () => { corners = []; drawMarks(); });
    $("corners-save").addEventListener("click", () => save("/api/setup/corners", {corners}, t("setup.saved")));
    $("empty-capture").addEventListener("click", async () => {
      const result = await save("/api/setup/empty-board", {}, t("setup.captured"));
      if (result.ok && result.data.board_fit) $("setup-message").textContent = result.data.board_fit.message;   // the board fit's residual, or why it was refused
    });
    $("colours-save").addEventListener("click", () => {
      const chosen = Object.fromEntries(Object.entries(samples).filter(([name]) => name !== "pending"));
      save("/api/setup/colours", {samples: chosen}, t("setup.saved"));
    });
    $("new-game").addEventListener("submit", async (event) => {
      event.preventDefault();
      const firstPlayer = $("first-player").value;
      const players = seatsFrom([...document.querySelectorAll(".seat:checked")].map((box) => box.value), firstPlayer);
      const names = Object.fromEntries([...document.querySelectorAll(".name")].filter((n) => n.value.trim()).map((n) => [n.dataset.colour, n.value.trim()]));
      const variants = Object.fromEntries([...document.querySelectorAll(".variant")].map((input) => [input.dataset.name, variantValue(input)]));
      const first = choices.games[0].first_player_variant;
      if (first) variants[first] = Boolean(firstPlayer && players.includes(firstPlayer));
      const result = await save("/api/games", {game: choices.games[0].name, players, names, variants, guided: $("guided").checked}, t("setup.started"));
      if (result.ok) window.location.href = "/";
    });
    $("resume-latest").addEventListener("click", async () => {
      const result = await save("/api/games/resume", {}, t("setup.started"));
      if (result.ok) window.location.href = "/";
    });
  });
})();
