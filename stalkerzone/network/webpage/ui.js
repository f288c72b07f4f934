// Small helpers that build the page's elements (no innerHTML with data: text only).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "onclick") node.addEventListener("click", value);
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A labelled button that runs `run` when pressed (Enter, Space, a tap). */
export function button(label, run, attrs = {}) {
  return el("button", { type: "button", onclick: run, ...attrs }, label);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}

const spoken = [];

/** Say `text` in the live region (screen readers read it) and keep it for the log. */
export function announce(text) {
  const region = byId("announce");
  if (!region || !text) return;
  spoken.push(text);
  while (region.childNodes.length > 4) region.firstChild.remove();
  region.append(el("p", { text }));
}

/** Dice faces as symbols and digits ("⚃ 4"): never the symbol alone. */
export function dice(faces) {
  const symbols = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  return (faces || []).map((f) => `${symbols[f - 1] || ""} ${f}`).join("  ");
}
