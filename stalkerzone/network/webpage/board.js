// The board: the Zone as an SVG hex map (pan, zoom), sectors laid out from the legal
// PlaceSector actions and moves chosen from the legal Move actions (docs/protocol.md).
import { t, sectorData, sectorName, movementCosts } from "./text.js";
import { el, button, clear, byId, announce } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 10;
const SQ3 = Math.sqrt(3);
const D = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const A = [5, -2];
const B = [2, 3];
const TERRAIN_MARK = { open: "", ruins: "▦", forest: "♣", swamp: "≈", water: "~", anomaly_field: "✱" };
const SITE_MARK = {
  village: "V", military_base: "M", laboratory: "L", epicenter: "E", danger_green: "!",
  danger_yellow: "!!", danger_red: "!!!", anomaly: "A", event: "?",
};

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

export function pixel(q, r) {
  return [SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r];
}

function corners(cx, cy, size, tilt = -30) {
  const out = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 180) * (60 * k + tilt);
    out.push(`${(cx + size * Math.cos(angle)).toFixed(2)},${(cy + size * Math.sin(angle)).toFixed(2)}`);
  }
  return out.join(" ");
}

function turn(q, r, rotation) {
  for (let k = 0; k < ((rotation % 6) + 6) % 6; k++) [q, r] = [-r, q + r];
  return [q, r];
}

export function slotCentre(slot) {
  return [slot[0] * A[0] + slot[1] * B[0], slot[0] * A[1] + slot[1] * B[1]];
}

/** The world hexes of one placement: {q, r, terrain, site, roads (world sides)}. */
export function placedHexes(p) {
  const sector = sectorData(p.sector);
  if (!sector || !sector.faces[p.face]) return [];
  const [cq, cr] = slotCentre(p.slot);
  return sector.faces[p.face].hexes.map((h) => {
    const [q, r] = turn(h.at[0], h.at[1], p.rotation);
    return {
      q: cq + q, r: cr + r, terrain: h.terrain, site: h.site,
      roads: h.roads.map((k) => (k + p.rotation) % 6), sector: p.sector,
    };
  });
}

const key = (q, r) => `${q},${r}`;
const STOP_SITES = new Set(["danger_green", "danger_yellow", "danger_red", "epicenter"]);

/** The cheapest way from `start` to every hex of `hexes` (§1 table, TURN-2: roads, terrain,
 * dangers and the Epicenter end a move; ties go to fewer steps): key → {cost, path}. Shown
 * beside the moves the host offers; it never decides which moves are offered. */
export function routes(hexes, start) {
  const costs = movementCosts();
  const enter = (h) => (h.roads.length ? costs.road : costs.terrain[h.terrain] ?? null);
  const best = new Map([[key(...start), { cost: 0, steps: 0, from: null }]]);
  const done = new Set();
  const open = [[0, 0, start[0], start[1]]];
  while (open.length) {
    open.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
    const [cost, steps, q, r] = open.shift();
    const k = key(q, r);
    if (done.has(k)) continue;
    done.add(k);
    const here = hexes.get(k);
    if (k !== key(...start) && here && STOP_SITES.has(here.site)) continue;
    for (const [dq, dr] of D) {
      const nk = key(q + dq, r + dr);
      const next = hexes.get(nk);
      if (!next || done.has(nk)) continue;
      const step = enter(next);
      if (step === null || step === undefined) continue;
      const old = best.get(nk);
      if (!old || cost + step < old.cost || (cost + step === old.cost && steps + 1 < old.steps)) {
        best.set(nk, { cost: cost + step, steps: steps + 1, from: k });
        open.push([cost + step, steps + 1, q + dq, r + dr]);
      }
    }
  }
  return best;
}

function pathTo(best, target) {
  const path = [];
  for (let k = target; k && best.has(k); k = best.get(k).from) path.unshift(k);
  return path;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export class Board {
  constructor(page) {
    this.page = page;
    this.map = byId("map");
    this.box = { x: -120, y: -120, w: 240, h: 240 };
    this.fitted = false;
    this.selectedSlot = null;
    this.choice = null;
    this.selectedHex = null;
    this.pointers = new Map();
    this.dragged = false;
    this.bindPanZoom();
  }

  // --- pan and zoom --------------------------------------------------------------------------
  bindPanZoom() {
    const map = this.map;
    map.addEventListener("pointerdown", (e) => {
      this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
      this.dragged = false;
      this.start = { box: { ...this.box }, pointers: new Map(this.pointers) };
    });
    map.addEventListener("pointermove", (e) => {
      if (!this.pointers.has(e.pointerId) || !this.start) return;
      this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
      const rect = map.getBoundingClientRect();
      const scale = this.start.box.w / Math.max(rect.width, 1);
      const [id0] = this.start.pointers.keys();
      const [x0, y0] = this.start.pointers.get(id0);
      const [x1, y1] = this.pointers.get(id0) || [x0, y0];
      if (Math.hypot(x1 - x0, y1 - y0) > 6) this.dragged = true;
      if (this.pointers.size === 2 && this.start.pointers.size === 2) {
        const [a0, b0] = [...this.start.pointers.values()];
        const [a1, b1] = [...this.pointers.values()];
        const factor = Math.hypot(a0[0] - b0[0], a0[1] - b0[1]) / Math.max(Math.hypot(a1[0] - b1[0], a1[1] - b1[1]), 1);
        this.zoomTo(this.start.box, factor);
        this.dragged = true;
      } else if (this.dragged) {
        this.box = { ...this.start.box, x: this.start.box.x - (x1 - x0) * scale, y: this.start.box.y - (y1 - y0) * scale };
        this.applyBox();
      }
    });
    const end = (e) => {
      this.pointers.delete(e.pointerId);
      this.start = this.pointers.size ? { box: { ...this.box }, pointers: new Map(this.pointers) } : null;
    };
    map.addEventListener("pointerup", end);
    map.addEventListener("pointercancel", end);
    map.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomTo(this.box, e.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    // from a hex or a slot of the map: arrow keys pan, + and − zoom
    map.addEventListener("keydown", (e) => {
      const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (step) {
        e.preventDefault();
        this.box = { ...this.box, x: this.box.x + step[0] * this.box.w * 0.15, y: this.box.y + step[1] * this.box.h * 0.15 };
        this.applyBox();
      } else if (e.key === "+" || e.key === "=" || e.key === "-") {
        e.preventDefault();
        this.zoomTo(this.box, e.key === "-" ? 1.3 : 1 / 1.3);
      }
    });
    byId("zoom-in").addEventListener("click", () => this.zoomTo(this.box, 1 / 1.3));
    byId("zoom-out").addEventListener("click", () => this.zoomTo(this.box, 1.3));
    byId("zoom-all").addEventListener("click", () => this.fit());
    byId("zoom-me").addEventListener("click", () => this.centreOnMe());
  }

  zoomTo(from, factor) {
    const w = Math.min(Math.max(from.w * factor, 40), 1200);
    const h = Math.min(Math.max(from.h * factor, 40), 1200);
    const cx = from.x + from.w / 2;
    const cy = from.y + from.h / 2;
    this.box = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.applyBox();
  }

  applyBox() {
    const b = this.box;
    this.map.setAttribute("viewBox", `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.w.toFixed(1)} ${b.h.toFixed(1)}`);
  }

  fit() {
    const points = [...this.hexes.values()].map((h) => pixel(h.q, h.r));
    for (const s of this.freeSlots || []) points.push(pixel(...slotCentre(s.slot)));
    if (!points.length) points.push([0, 0]);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const pad = SIZE * 4;
    const w = Math.max(...xs) - Math.min(...xs) + 2 * pad;
    const h = Math.max(...ys) - Math.min(...ys) + 2 * pad;
    const side = Math.max(w, h);
    this.box = { x: (Math.min(...xs) + Math.max(...xs)) / 2 - side / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 - side / 2, w: side, h: side };
    this.applyBox();
  }

  /** Frame the hexes within reach (and the stalker) when a move starts. */
  fitMoves(moves) {
    const me = this.page.me();
    const points = moves.map((a) => pixel(...a.to));
    if (me && me.position) points.push(pixel(...me.position));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const side = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 60) + SIZE * 4;
    this.box = { x: (Math.min(...xs) + Math.max(...xs)) / 2 - side / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 - side / 2, w: side, h: side };
    this.applyBox();
  }

  centreOnMe() {
    const me = this.page.me();
    if (!me || !me.position) return;
    const [x, y] = pixel(...me.position);
    this.box = { ...this.box, x: x - this.box.w / 2, y: y - this.box.h / 2 };
    this.applyBox();
  }

  // --- drawing -------------------------------------------------------------------------------
  render() {
    const { state, legal } = this.page;
    this.hexes = new Map();
    for (const p of state.zone.placements) for (const h of placedHexes(p)) this.hexes.set(key(h.q, h.r), h);
    const placements = legal.filter((a) => a.type === "PlaceSector");
    const moves = legal.filter((a) => a.type === "Move");
    this.freeSlots = this.slotsAround(state.zone.placements, placements);
    if (this.selectedSlot && !placements.some((a) => same(a.slot, this.selectedSlot))) this.selectedSlot = null;
    if (this.selectedHex && !moves.some((a) => same(a.to, this.selectedHex))) this.selectedHex = null;
    const map = clear(this.map);
    map.append(svg("title", { text: t("zoneMap") }));
    const terrain = svg("g", { "aria-hidden": "true" });
    for (const h of this.hexes.values()) terrain.append(this.hexShape(h));
    map.append(terrain);
    if (placements.length) this.drawSlots(map, placements);
    this.drawMarks(map, state);
    this.drawMoves(map, moves);
    if (!this.fitted || this.lastCount !== state.zone.placements.length) {
      this.fit();
      this.fitted = true;
      this.lastCount = state.zone.placements.length;
    } else if (moves.length && !this.hadMoves) this.fitMoves(moves);
    else this.applyBox();
    this.hadMoves = moves.length > 0;
    this.renderLayoutPanel(placements);
    this.renderMovePanel(moves);
  }

  hexShape(h, extra = "") {
    const [x, y] = pixel(h.q, h.r);
    const g = svg("g", { class: `hex terrain-${h.terrain} ${extra}` });
    g.append(svg("polygon", { points: corners(x, y, SIZE - 0.4) }));
    for (const k of h.roads) {
      const [dx, dy] = pixel(...D[k]);
      g.append(svg("line", { x1: x, y1: y, x2: x + dx / 2, y2: y + dy / 2, class: "road" }));
    }
    const mark = TERRAIN_MARK[h.terrain];
    if (mark) g.append(svg("text", { x: x - 5, y: y - 3, class: "terrain-mark", text: mark }));
    if (h.site) g.append(svg("text", { x, y: y + 3, class: `site site-${h.site}`, text: SITE_MARK[h.site] || "•" }));
    return g;
  }

  slotsAround(placements, legalPlacements) {
    const taken = new Set(placements.map((p) => key(...p.slot)));
    const slots = new Map();
    for (const a of legalPlacements) slots.set(key(...a.slot), { slot: a.slot, legal: true });
    for (const p of placements) {
      for (const [di, dj] of D) {
        const s = [p.slot[0] + di, p.slot[1] + dj];
        if (!taken.has(key(...s)) && !slots.has(key(...s))) slots.set(key(...s), { slot: s, legal: false });
      }
    }
    return legalPlacements.length ? [...slots.values()] : [];
  }

  drawSlots(map, placements) {
    const group = svg("g", { class: "slots" });
    for (const s of this.freeSlots) {
      const [x, y] = pixel(...slotCentre(s.slot));
      const label = s.legal ? t("freeSlot", { i: s.slot[0], j: s.slot[1] }) : `${s.slot[0]},${s.slot[1]}: ${t("noFit")}`;
      const chosen = this.selectedSlot && same(this.selectedSlot, s.slot);
      const attrs = s.legal
        ? { class: `slot legal${chosen ? " chosen" : ""}`, role: "button", tabindex: 0, "aria-label": label, "aria-pressed": chosen ? "true" : "false", "data-slot": key(...s.slot) }
        : { class: "slot dead-end", "aria-hidden": "true" };
      const g = svg("g", attrs, svg("polygon", { points: corners(x, y, SIZE * SQ3 * 2.2, 0) }),
        svg("text", { x, y: y + 4, class: "slot-mark", text: s.legal ? "+" : "✕" }));
      if (s.legal) this.activate(g, () => this.chooseSlot(s.slot, placements));
      group.append(g);
    }
    map.append(group);
    if (this.choice) {
      const preview = svg("g", { class: "preview", "aria-hidden": "true" });
      for (const h of placedHexes(this.choice)) preview.append(this.hexShape(h, "previewed"));
      map.append(preview);
    }
  }

  drawMarks(map, state) {
    const group = svg("g", { class: "marks", "aria-hidden": "true" });
    const mine = new Set(this.page.seats);
    state.players.forEach((p, seat) => {
      if (!p.position) return;
      const [x, y] = pixel(...p.position);
      const offset = (seat - (state.players.length - 1) / 2) * 3.2;
      group.append(svg("g", { class: `token seat-${seat}${mine.has(seat) ? " mine" : ""}` },
        svg("circle", { cx: x + offset, cy: y + 4, r: 3.4 }),
        svg("text", { x: x + offset, y: y + 5.3, class: "token-text", text: String(seat + 1) })));
    });
    if (state.fight) {
      const [x, y] = pixel(...state.fight.hex);
      group.append(svg("text", { x: x + 4, y: y - 3, class: "fight-mark", text: "⚔" }));
    }
    for (const pile of state.loot || []) {
      const [x, y] = pixel(...pile.hex);
      group.append(svg("text", { x: x + 4, y: y + 7, class: "loot-mark", text: "◆" }));
    }
    map.append(group);
  }

  drawMoves(map, moves) {
    if (!moves.length) return;
    const me = this.page.me();
    const best = me && me.position ? routes(this.hexes, me.position) : new Map();
    this.best = best;
    if (this.selectedHex && best.has(key(...this.selectedHex))) {
      const points = pathTo(best, key(...this.selectedHex)).map((k) => pixel(...k.split(",").map(Number)).map((v) => v.toFixed(1)).join(","));
      map.append(svg("polyline", { points: points.join(" "), class: "route", "aria-hidden": "true" }));
    }
    const group = svg("g", { class: "moves" });
    const sorted = [...moves].sort((a, b) => a.to[1] - b.to[1] || a.to[0] - b.to[0]);
    for (const a of sorted) {
      const [q, r] = a.to;
      const [x, y] = pixel(q, r);
      const h = this.hexes.get(key(q, r));
      const chosen = this.selectedHex && same(this.selectedHex, a.to);
      const route = best.get(key(q, r));
      const cost = route ? route.cost : null;
      const g = svg("g", {
        class: `reach${chosen ? " chosen" : ""}`, role: "button", tabindex: 0,
        "aria-label": `${t("moveTo", { where: this.describe(q, r, h) })}${cost !== null ? ", " + t("cost", { n: cost }) : ""}`,
        "aria-pressed": chosen ? "true" : "false", "data-hex": key(q, r), "data-cost": cost ?? "",
      }, svg("polygon", { points: corners(x, y, SIZE - 1.6) }), svg("circle", { cx: x, cy: y - 5, r: 1.3, class: "reach-dot" }),
      cost !== null ? svg("text", { x: x + 5, y: y + 7, class: "cost", text: String(cost) }) : null);
      this.activate(g, () => this.chooseHex(a));
      group.append(g);
    }
    map.append(group);
  }

  /** The site of the hex at `position` (null when none or off the map). */
  siteOf(position) {
    if (!position || !this.hexes) return null;
    const h = this.hexes.get(key(position[0], position[1]));
    return h ? h.site : null;
  }

  describe(q, r, h) {
    if (!h) return `${q},${r}`;
    return `${q},${r} (${h.terrain.replace("_", " ")}${h.site ? ", " + h.site.replace("_", " ") : ""})`;
  }

  /** Pointer taps (not drags), Enter and Space run `run`. */
  activate(node, run) {
    node.addEventListener("click", (e) => {
      if (this.dragged) return;
      e.stopPropagation();
      run();
    });
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        run();
      }
    });
  }

  // --- layout --------------------------------------------------------------------------------
  chooseSlot(slot, placements) {
    this.selectedSlot = slot;
    const here = placements.filter((a) => same(a.slot, slot));
    this.choice = here[0] || null;
    announce(t("selected", { what: `${slot[0]},${slot[1]}` }));
    this.render();
    byId("layout-place")?.focus();
  }

  renderLayoutPanel(placements) {
    const panel = clear(byId("layout-panel"));
    panel.hidden = placements.length === 0;
    if (!placements.length) {
      this.choice = null;
      return;
    }
    const legalSlots = new Set(placements.map((a) => key(...a.slot))).size;
    panel.append(el("h3", { text: t("layout") }), el("p", { text: t("legalSlots", { n: legalSlots }) }));
    const slotButtons = el("div", { class: "actions" });
    for (const s of this.freeSlots.filter((x) => x.legal)) {
      slotButtons.append(button(t("slot", { i: s.slot[0], j: s.slot[1] }), () => this.chooseSlot(s.slot, placements), { "aria-pressed": this.selectedSlot && same(this.selectedSlot, s.slot) ? "true" : "false" }));
    }
    panel.append(slotButtons);
    if (!this.selectedSlot || !this.choice) return;
    const here = placements.filter((a) => same(a.slot, this.selectedSlot));
    const c = this.choice;
    const sectorIds = [...new Set(here.map((a) => a.sector))];
    const sectors = el("div", { class: "actions", role: "group", "aria-label": t("sector") });
    for (const id of sectorIds) {
      sectors.append(button(sectorName(id), () => {
        this.choice = here.find((a) => a.sector === id);
        this.render();
      }, { "aria-pressed": c.sector === id ? "true" : "false" }));
    }
    const sameSector = here.filter((a) => a.sector === c.sector);
    const faces = sameSector.filter((a) => a.face === c.face);
    const rotIndex = faces.findIndex((a) => same(a, c));
    const other = sameSector.filter((a) => a.face !== c.face);
    panel.append(el("h4", { text: `${sectorName(c.sector, c.face)} · ${t("face", { f: c.face })} · ${t("rotation", { r: c.rotation })}` }), sectors,
      el("div", { class: "actions" },
        button(t("rotate"), () => {
          this.choice = faces[(rotIndex + 1) % faces.length];
          this.render();
          byId("layout-rotate")?.focus();
        }, { id: "layout-rotate", disabled: faces.length < 2 }),
        button(t("flip"), () => {
          this.choice = other[0];
          this.render();
        }, { id: "layout-flip", disabled: other.length === 0 }),
        button(t("place"), () => this.page.send(c), { id: "layout-place", class: "primary" })));
  }

  // --- moving --------------------------------------------------------------------------------
  chooseHex(action) {
    if (this.selectedHex && same(this.selectedHex, action.to)) {
      this.page.send(action);
      return;
    }
    this.selectedHex = action.to;
    const h = this.hexes.get(key(...action.to));
    announce(t("selected", { what: this.describe(action.to[0], action.to[1], h) }));
    this.render();
    byId("move-confirm")?.focus();
  }

  renderMovePanel(moves) {
    const panel = clear(byId("move-panel"));
    panel.hidden = !this.selectedHex;
    if (!this.selectedHex) return;
    const action = moves.find((a) => same(a.to, this.selectedHex));
    const h = this.hexes.get(key(...this.selectedHex));
    const here = this.page.state.players.filter((p) => p.position && same(p.position, this.selectedHex)).map((p) => p.name);
    const route = this.best && this.best.get(key(...this.selectedHex));
    const cost = route ? ` · ${t("cost", { n: route.cost })} · ${t("via", { n: route.steps })}` : "";
    panel.append(el("p", { "data-testid": "move-choice", text: t("moveTo", { where: this.describe(this.selectedHex[0], this.selectedHex[1], h) }) + cost }));
    if (here.length) panel.append(el("p", { text: t("stalkerHere", { name: here.join(", ") }) }));
    panel.append(el("div", { class: "actions" },
      button(t("confirmMove"), () => this.page.send(action), { id: "move-confirm", class: "primary" }),
      button(t("cancel"), () => { this.selectedHex = null; this.render(); })));
  }
}
