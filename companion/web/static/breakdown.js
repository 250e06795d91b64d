// The end-of-game table: one row per player, one column per scoring category, winners named.
"use strict";
const Breakdown = (() => {
  const {t, has, element, playerName} = Companion;
  function fill(table, winnersLine, players, names, scores, winners) {
    const categories = [...new Set((scores || []).flatMap((s) => Object.keys(s.breakdown || {})))];
    const head = element("tr", {}, element("th", {text: t("live.player")}),
      ...categories.map((c) => element("th", {text: has("scores." + c) ? t("scores." + c) : c})),
      element("th", {text: t("scores.total")}));
    const rows = (scores || []).slice().sort((a, b) => b.total - a.total).map((score) => {
      const colour = players[score.player];
      return element("tr", {"data-colour": colour, class: (winners || []).includes(colour) ? "winner" : ""},
        element("td", {text: playerName(colour, names)}),
        ...categories.map((c) => element("td", {text: String((score.breakdown || {})[c] ?? 0)})),
        element("td", {class: "total", text: String(score.total)}));
    });
    table.replaceChildren(element("thead", {}, head), element("tbody", {}, ...rows));
    if (winnersLine) {
      winnersLine.textContent = winners && winners.length
        ? t(winners.length > 1 ? "scores.winners" : "scores.winner", {players: winners.map((c) => playerName(c, names)).join(", ")})
        : "";
    }
  }
  return {fill};
})();
