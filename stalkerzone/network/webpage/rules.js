// The rules reference served by the host (rules-en.json, rules-ru.json): a list of sections
// and a search that finds English or Russian words whatever the language shown.
import { language } from "./text.js";
import { el, button, clear, byId } from "./ui.js";

const loaded = {};

async function load(code) {
  if (!loaded[code]) {
    const response = await fetch(`/static/rules-${code}.json`);
    loaded[code] = response.ok ? await response.json() : [];
  }
  return loaded[code];
}

const fold = (text) => String(text).toLowerCase().replaceAll("ё", "е");

export class Rules {
  constructor() {
    this.selected = "";
    byId("rules-search").addEventListener("input", () => this.render());
  }

  async render() {
    const [en, ru] = await Promise.all([load("en"), load("ru")]);
    const shown = language() === "ru" ? ru : en;
    const words = fold(byId("rules-search").value).split(/\s+/).filter(Boolean);
    const haystack = {};
    for (const s of [...en, ...ru]) haystack[s.id] = `${haystack[s.id] || ""} ${fold(s.id)} ${fold(s.title)} ${fold(s.text)}`;
    const found = shown.filter((s) => words.every((w) => haystack[s.id].includes(w)));
    const list = clear(byId("rules-list"));
    for (const s of found) {
      list.append(el("li", {}, button(`${s.id} ${s.title}`, () => {
        this.selected = s.id;
        this.show(shown);
        byId("rules-text").focus();
      }, { "aria-pressed": s.id === this.selected ? "true" : "false", "data-rule": s.id })));
    }
    if (!found.some((s) => s.id === this.selected)) this.selected = found.length ? found[0].id : "";
    this.show(shown);
  }

  show(sections) {
    const box = clear(byId("rules-text"));
    box.setAttribute("tabindex", "-1");
    const s = sections.find((x) => x.id === this.selected);
    if (!s) return;
    box.append(el("h3", { text: `${s.id} — ${s.title}` }), ...s.text.split(/\n{2,}/).map((p) => el("p", { text: p })));
  }
}
