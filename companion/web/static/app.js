// Shared by every page: translations, POSTs with the CSRF token, the language switch, a toast.
"use strict";
const Companion = (() => {
  const catalogue = JSON.parse(document.getElementById("i18n").textContent);
  const csrf = () => document.querySelector('meta[name="csrf-token"]').content;

  function t(key, values = {}) {
    let text = catalogue[key];
    if (text === undefined) return key;
    for (const [name, value] of Object.entries(values)) text = text.split("{" + name + "}").join(String(value));
    return text;
  }
  function has(key) { return catalogue[key] !== undefined; }

  async function post(url, body = {}) {
    try {
      const response = await fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf()},
        body: JSON.stringify(body),
      });
      let data = {};
      try { data = await response.json(); } catch (_) { /* an empty or non-JSON answer */ }
      return {ok: response.ok, status: response.status, data, error: data.error || t("errors.http_other")};
    } catch (_) {
      return {ok: false, status: 0, data: {}, error: t("errors.offline")};
    }
  }

  async function getJson(url) {
    const response = await fetch(url, {credentials: "same-origin"});
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || t("errors.http_other"));
    return data;
  }

  function toast(message) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") node.textContent = value;
      else if (name === "class") node.className = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function playerName(colour, names) {
    return (names && names[colour]) || t("colours." + colour);
  }

  const paired = () => document.body.dataset.paired === "yes";

  document.addEventListener("DOMContentLoaded", () => {
    const select = document.getElementById("language");
    if (select) select.addEventListener("change", () => {
      document.cookie = "lang=" + encodeURIComponent(select.value) + "; path=/; max-age=31536000; samesite=strict";
      window.location.reload();
    });
  });

  return {t, has, post, getJson, toast, element, playerName, paired};
})();
