// Past games: the list, and one game with its breakdown and exports.
"use strict";
(() => {
  const {t, getJson, post, element, playerName} = Companion;
  const when = (seconds) => seconds ? new Date(seconds * 1000).toLocaleString(document.body.dataset.lang) : "";
  const minutes = (count) => count ? t("records.minutes", {minutes: count}) : "";

  async function showList(table) {
    const {games} = await getJson("/api/records");
    document.getElementById("records-empty").hidden = games.length > 0;
    const head = element("tr", {}, ...["records.started", "records.game", "records.players", "records.state", "records.winners",
      "records.duration"].map((key) => element("th", {text: t(key)})));
    table.replaceChildren(element("thead", {}, head), element("tbody", {}, ...games.map((game) => element("tr", {},
      element("td", {}, element("a", {href: `/records/${encodeURIComponent(game.id)}`, text: when(game.started) || game.id})),
      element("td", {text: game.title || game.game}),
      element("td", {text: (game.players || []).map((c) => playerName(c, game.names)).join(", ")}),
      element("td", {text: game.damaged ? t("records.damaged") : game.finished ? t("records.finished") : t("records.unfinished")}),
      element("td", {text: (game.winners || []).map((c) => playerName(c, game.names)).join(", ")}),
      element("td", {class: "duration", text: minutes(game.duration_min)})))));
  }

  async function showRecord(section) {
    const id = section.dataset.gameId;
    const message = document.getElementById("record-message");
    try {
      const {record, bgstats_link: link} = await getJson(`/api/records/${encodeURIComponent(id)}`);
      document.getElementById("record-summary").textContent = t("records.summary", {
        game: record.title || record.game, started: when(record.started), decisions: record.actions.length,
        state: record.over ? t("records.finished") : t("records.unfinished")});
      const duration = document.getElementById("record-duration");
      duration.hidden = !record.duration_min;
      duration.textContent = record.duration_min ? t("records.took", {minutes: minutes(record.duration_min)}) : "";
      Breakdown.fill(document.getElementById("breakdown"), document.getElementById("winners"),
        record.players, record.names, record.scores, record.winners);
      document.getElementById("open-bgstats").href = link;
      const resume = document.getElementById("resume");
      resume.hidden = Boolean(record.over || record.finished);
      resume.addEventListener("click", async () => {
        const result = await post("/api/games/resume", {game_id: id});
        if (result.ok) window.location.href = "/"; else message.textContent = result.error;
      });
    } catch (error) {
      message.textContent = error.message;
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    const table = document.getElementById("records");
    if (table) showList(table);
    const section = document.getElementById("record");
    if (section) showRecord(section);
  });
})();
