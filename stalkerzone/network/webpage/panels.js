// The panels beside the board: players, the stalker card, the base, the fight, the end of the
// game and every other legal action. Each button sends one of the seat's legal actions (its
// place in the host's list in data-legal, so that a test presses the page's own control).
import { t, reason, cardName, cardText, cardData, cardId, percent, oddsLine } from "./text.js";
import { el, button, clear, byId, dice } from "./ui.js";

const SLOTS = ["weapon", "mods", "head", "body", "navigation", "artifacts", "grenades", "stimulators"];
export const PANEL_TYPES = {
  board: ["PlaceSector", "Move"],
  stalker: ["Activate", "Stash", "DiscardArmour"],
  base: ["Buy", "Sell", "TakeOrder", "DeliverOrder", "GiveUpOrder", "Heal"],
  fight: ["FightDecision"],
  turn: ["EndTurn", "Undo"],
};
const HANDLED = new Set(Object.values(PANEL_TYPES).flat());
const SITE_NAMES = { village: "village", military_base: "militaryBase", laboratory: "laboratory" };

/** A list's items, or one item saying "none" (a list holds only items). */
function list(items) {
  return items.length ? items : [el("li", { text: t("none") })];
}

function cardLine(instance, actions, page) {
  const data = cardData(instance);
  const facts = [];
  if (data && data.price) facts.push(t("price", { p: data.price }));
  const text = cardText(instance);
  const item = el("li", { class: "card", "data-card": instance },
    el("span", { class: "card-name", text: cardName(instance) }),
    facts.length ? el("span", { class: "card-facts", text: ` · ${facts.join(" · ")}` }) : null,
    text ? el("span", { class: "card-text", text: ` — ${text}` }) : null);
  const mine = actions.filter((a) => a.card === instance);
  if (mine.length) {
    const row = el("span", { class: "card-actions" });
    for (const a of mine) {
      const word = a.type === "Activate" ? t("activate") : a.type === "Stash" ? t("stash") : t("discard");
      row.append(button(`${word}: ${cardName(instance)}`, () => page.send(a), { "data-legal": page.legal.indexOf(a) }));
    }
    item.append(row);
  }
  return item;
}

export function renderPlayers(page) {
  const box = clear(byId("players"));
  const { state, table } = page;
  box.append(el("h3", { text: t("players") }));
  const rows = el("ul", { class: "players" });
  state.players.forEach((p, seat) => {
    const info = (table || []).find((r) => r.seat === seat) || {};
    const flags = [];
    if (seat === state.current_player && state.phase !== "over") flags.push("▶");
    if (page.seats.includes(seat)) flags.push(t("me"));
    if (info.kind === "bot" || info.stand_in) flags.push(t("bot"));
    if (info.connected === false) flags.push(t("away"));
    rows.append(el("li", { "data-seat": seat, "data-cash": p.cash, "data-health": p.health, "data-elements": p.elements },
      el("strong", { text: `${seat + 1}. ${page.seatName(seat)}` }), ` (${cardName(p.stalker)}) `,
      `${t("health")} ${p.health} · ${t("cash")} ${p.cash} · ${t("elements")} ${p.elements}`,
      flags.length ? ` · ${flags.join(" · ")}` : ""));
  });
  box.append(rows);
}

export function renderStalker(page) {
  const box = clear(byId("stalker-card"));
  const me = page.me();
  if (!me) return;
  const actions = page.legal.filter((a) => PANEL_TYPES.stalker.includes(a.type));
  box.append(el("h3", { text: `${page.seatName(page.viewer)} — ${cardName(me.stalker)}` }),
    el("p", { class: "stalker-text", text: cardText(me.stalker) }),
    el("dl", { class: "facts", "data-testid": "stalker-facts", "data-cash": me.cash, "data-health": me.health, "data-elements": me.elements },
      el("dt", { text: t("health") }), el("dd", { text: me.health }),
      el("dt", { text: t("cash") }), el("dd", { text: me.cash }),
      el("dt", { text: t("elements") }), el("dd", { text: me.elements }),
      el("dt", { text: t("position") }), el("dd", { text: me.position ? me.position.join(",") : "—" }),
      el("dt", { text: t("deathsTitle") }), el("dd", { text: me.deaths })));
  box.append(el("h3", { text: t("slots") }));
  for (const slot of SLOTS) {
    const value = me[slot];
    const cards = Array.isArray(value) ? value : value ? [value] : [];
    box.append(el("h4", { text: t(slot) }), el("ul", { class: "cards", "data-slot": slot },
      cards.length ? cards.map((c) => cardLine(c, actions, page)) : el("li", { text: t("none") })));
  }
  box.append(el("h3", { text: t("backpack") }), el("ul", { class: "cards", "data-slot": "backpack" },
    me.backpack.length ? me.backpack.map((c) => cardLine(c, actions, page)) : el("li", { text: t("none") })));
  box.append(el("h3", { text: t("heldEvent") }), el("p", { text: me.held_event ? `${cardName(me.held_event)} — ${cardText(me.held_event)}` : t("none") }));
  box.append(el("h3", { text: t("trophies") }), el("ul", { class: "plain" },
    list(me.trophies.map((tr) => el("li", { text: `${cardName(tr.card)} (${t(`colour_${tr.colour}`)})` })))));
  box.append(el("h3", { text: t("orders") }), el("ul", { class: "plain" },
    list(me.open_orders.map((o) => el("li", { text: `${cardName(o.card)} — ${cardText(o.card)}${o.visited ? " ✓" : ""}` })))));
  box.append(el("h3", { text: t("delivered") }), el("ul", { class: "plain" }, list(me.delivered.map((c) => el("li", { text: cardName(c) })))));
  const loose = actions.filter((a) => !SLOTS.some((s) => [].concat(me[s] || []).includes(a.card)) && !me.backpack.includes(a.card));
  if (loose.length) {
    box.append(el("div", { class: "actions" }, loose.map((a) => button(`${t("discard")}: ${cardName(a.card)}`, () => page.send(a), { "data-legal": page.legal.indexOf(a) }))));
  }
}

export function renderBase(page) {
  const box = clear(byId("base-panel"));
  const actions = page.legal.filter((a) => PANEL_TYPES.base.includes(a.type));
  const me = page.me();
  const site = page.board.siteOf(me && me.position);
  if (site && SITE_NAMES[site]) box.append(el("h3", { text: t("base", { name: t(SITE_NAMES[site]) }) }));
  if (me) box.append(el("p", { "data-testid": "base-cash", text: `${t("cash")}: ${me.cash}` }));
  if (!actions.length) {
    box.append(el("p", { text: t("noBase") }));
    return;
  }
  const groups = [
    ["Buy", t("buy"), (a) => `${t("buy")}: ${cardName(a.card)} · ${t("price", { p: (cardData(a.card) || {}).price ?? "?" })}`],
    ["Sell", t("sell"), (a) => t("sellWhat", { card: cardName(a.card) })],
    ["TakeOrder", t("take"), (a) => `${t("take")}: ${cardName(a.card)} · ${t("reward", { n: (cardData(a.card) || {}).reward ?? "?" })} — ${cardText(a.card)}`],
    ["DeliverOrder", t("deliver"), (a) => `${t("deliver")}: ${cardName(a.card)}`],
    ["GiveUpOrder", t("giveUp"), (a) => `${t("giveUp")}: ${cardName(a.card)}`],
    ["Heal", t("heal", { n: "" }), (a) => t("heal", { n: a.points })],
  ];
  for (const [type, title, label] of groups) {
    const seen = new Set();
    const mine = [];
    for (const a of actions.filter((x) => x.type === type)) {
      // two copies of one order on offer are the same choice: one button
      if (type === "TakeOrder" && seen.has(cardId(a.card))) continue;
      if (type === "TakeOrder") seen.add(cardId(a.card));
      mine.push(a);
    }
    if (!mine.length) continue;
    // a heal is a number: a row of small buttons; the rest one per line, each saying what it is
    box.append(el("h3", { text: title }), el("div", { class: type === "Heal" ? "actions" : "actions column", "data-group": type },
      mine.map((a) => button(label(a), () => page.send(a), { "data-card": a.card || null, "data-legal": page.legal.indexOf(a) }))));
  }
}

/** Whether two actions in their JSON form are the same action. */
function sameAction(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? null) === (b[k] ?? null));
}

function decisionLabel(a) {
  let text = a.action === "attack" ? t("attack") : a.action === "escape" ? t("escape") : t("grenade", { g: cardName(a.grenade) });
  if (a.stimulator) text += ` ${t("withStim", { s: cardName(a.stimulator) })}`;
  return text;
}

/** FIGHT-2, as the desktop's fight screen: the decision whose odds win most (on a tie the fewer
 *  deaths, then the less kit spent), when it wins more than the best play does by the figures
 *  shown; else null. */
function winningMost(odds) {
  const round = (x) => Math.round(x * 1e9) / 1e9;
  const kit = (a) => (a.grenade ? 1 : 0) + (a.stimulator ? 1 : 0);
  const compare = (a, b) => a.map((v, i) => v - b[i]).find((d) => d !== 0) ?? 0;
  let found = null;
  for (const row of odds.decisions) {
    const key = [round(row.win), -round(row.death), -kit(row.action)];
    if (!found || compare(key, found.key) > 0) found = { row, key };
  }
  if (!found || sameAction(found.row.action, odds.best) || found.row.win <= odds.now.win) return null;
  return percent(found.row.win) === percent(odds.now.win) ? null : found.row;
}

export function renderFight(page) {
  const box = clear(byId("fight-panel"));
  const { state } = page;
  const shown = state.fight || state.last_fight;
  if (!shown) {
    box.append(el("p", { text: t("noFight") }));
    return;
  }
  const f = shown.fight;
  const core = f.core || [];
  const setup = f.setup || {};
  box.dataset.live = state.fight ? "true" : "false";
  box.append(el("h3", { text: `${state.fight ? "" : t("lastFight") + ": "}${page.seatName(shown.player)} — ${cardName(shown.monster)} (${t("colour", { c: t(`colour_${shown.colour}`) })})` }));
  const stalker = setup.stalker || {};
  const monster = setup.monster || {};
  const attack = (x) => (x && x.groups ? x.groups.map(([n, s]) => `${n}d${s}`).join("+") + (x.bonus ? `+${x.bonus}` : "") : "?");
  box.append(el("dl", { class: "facts", "data-testid": "fight-facts", "data-stalker-health": core[0], "data-monster-health": core[1], "data-round": core[2] },
    el("dt", { text: t("round", { n: "" }).trim() }), el("dd", { text: core[2] }),
    el("dt", { text: t("you") }), el("dd", { text: `${t("health")} ${core[0]}/${stalker.max_health ?? "?"} · ${attack(stalker.attack)} · def ${stalker.defence ?? "?"}` }),
    el("dt", { text: t("monster") }), el("dd", { text: `${t("health")} ${core[1]}/${monster.health ?? "?"} · ${attack(monster.attack)} · def ${monster.defence ?? "?"}` })));
  const decisions = page.legal.filter((a) => a.type === "FightDecision");
  const odds = state.fight && page.view.odds;
  if (odds) {
    const now = odds.now;
    const safe = odds.can_escape !== false; // FIGHT-3: the best play is the safest; FIGHT-4: no escape
    const chances = { win: percent(now.win), death: percent(now.death), escape: percent(now.escape) };
    const best = safe ? t("safestMove", { move: decisionLabel(odds.best), alive: percent(now.win + now.escape) }) : t("bestMove", { move: decisionLabel(odds.best) });
    box.append(el("h4", { text: t(safe ? "oddsTitleSafe" : "oddsTitle") }),
      el("p", { class: "odds-now", "data-testid": "odds-now", text: t(safe ? "oddsNowSafe" : "oddsNow", chances) }),
      el("p", { class: "odds-best", "data-testid": "odds-best", text: best }));
    const most = safe ? winningMost(odds) : null;
    if (most) box.append(el("p", { class: "odds-win-most", "data-testid": "odds-win-most", text: t("winMost", { move: decisionLabel(most.action), win: percent(most.win), death: percent(most.death) }) }));
  }
  if (decisions.length) {
    const rows = decisions.map((a, i) => {
      const found = odds ? odds.decisions.find((r) => sameAction(r.action, a)) : null;
      const id = `odds-${i}`;
      const line = found ? el("span", { class: "odds", id, "data-testid": "decision-odds", text: oddsLine(found) }) : null;
      const press = button(decisionLabel(a), () => page.send(a), { class: i === 0 ? "primary" : null, "aria-describedby": found ? id : null, "data-legal": page.legal.indexOf(a) });
      return el("div", { class: "decision" }, press, line);
    });
    box.append(el("div", { class: "actions column", "data-group": "FightDecision" }, rows));
  }
  const log = el("ol", { class: "fight-log" });
  for (const entry of f.log || []) {
    log.append(el("li", {}, entry.text, entry.faces && entry.faces.length ? el("span", { class: "dice", "aria-label": `${t("dice")}: ${entry.faces.join(", ")}`, text: `  ${dice(entry.faces)}${entry.modifier ? ` ${entry.modifier > 0 ? "+" : "−"}${Math.abs(entry.modifier)}` : ""}` }) : null));
  }
  box.append(log);
}

export function renderOver(page) {
  const box = byId("game-over");
  const { state } = page;
  box.hidden = state.phase !== "over";
  const text = clear(byId("over-text"));
  if (state.phase !== "over") return;
  if (state.winner !== null && state.winner !== undefined) text.append(el("p", { text: t("winner", { name: page.seatName(state.winner) }) }));
  text.append(el("h3", { text: t("standings") }), el("ol", { "data-testid": "standings" }, (state.standings || []).map((s) => el("li", { text: `${page.seatName(s)} — ${t("elements")} ${state.players[s].elements}, ${t("cash")} ${state.players[s].cash}` }))));
  if (page.view.story) text.append(renderStory(page, page.view.story));
}

/** The story of the game (WIN-1) the host sends at the end: each stalker's fights and luck
 *  against the odds, its money, health and Elements round by round, and every fight. */
function renderStory(page, story) {
  const box = el("section", { class: "story", "data-testid": "story", "aria-labelledby": "story-title" },
    el("h3", { id: "story-title", text: `${t("story")} · ${t("storyRounds", { n: story.rounds })}` }));
  const number = (x) => new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 1 }).format(x);
  const tally = el("ul", { class: "plain" });
  for (const s of story.stalkers) {
    const name = page.seatName(s.seat);
    const luck = Math.abs(s.luck) < 0.05 ? t("luck_even", { name }) : t(s.luck > 0 ? "luck_more" : "luck_fewer", { name, n: number(Math.abs(s.luck)) });
    tally.append(el("li", { "data-seat": s.seat },
      el("strong", { text: `${name} (${cardName(s.stalker)})` }),
      ` — ${t("storyWon")} ${s.won} · ${t("storyLost")} ${s.lost} · ${t("storyEscaped")} ${s.escaped}. ${luck}`));
  }
  box.append(tally);
  for (const s of story.stalkers) {
    const samples = [s.start, ...s.samples].filter(Boolean);
    const name = page.seatName(s.seat);
    box.append(el("details", {}, el("summary", { text: t("byRound", { name }) }),
      el("table", { class: "story-table" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("storyRound") }), el("th", { scope: "col", text: t("cash") }), el("th", { scope: "col", text: t("health") }), el("th", { scope: "col", text: t("elements") }))),
        el("tbody", {}, samples.map((x) => el("tr", {}, el("th", { scope: "row", text: x.round === 0 ? t("storyStart") : String(x.round) }), el("td", { text: x.cash }), el("td", { text: x.health }), el("td", { text: x.elements })))))));
  }
  if (!story.fights.length) box.append(el("p", { text: t("noFights") }));
  else {
    // a long game fights many times: the list opens on request (a phone's page stays short)
    box.append(el("details", { class: "fight-story-box" }, el("summary", { text: `${t("storyFights")} (${story.fights.length})` }),
      el("ol", { class: "fight-story" }, story.fights.map((f) => el("li", { text: t("fightLine", {
        round: f.round, name: page.seatName(f.player), monster: cardName(f.monster), colour: t(`colour_${f.colour}`),
        outcome: t(`outcome_${f.outcome}`), win: percent(f.win), death: percent(f.death) }) })))));
  }
  return box;
}

export function renderOther(page) {
  const others = page.legal.filter((a) => !HANDLED.has(a.type));
  const box = byId("other-actions");
  box.hidden = others.length === 0;
  const row = clear(byId("other-list"));
  for (const a of others) {
    const words = Object.entries(a).filter(([k]) => k !== "type").map(([, v]) => (typeof v === "string" ? cardName(v) : JSON.stringify(v)));
    row.append(button(`${a.type} ${words.join(" ")}`.trim(), () => page.send(a), { "data-legal": page.legal.indexOf(a) }));
  }
}

/** What the turn bar says and the end-turn button. */
export function renderTurn(page) {
  const { state } = page;
  const bar = clear(byId("quick-actions"));
  let text;
  const current = { name: page.seatName(state.current_player) };
  if (state.phase === "over") text = t("over");
  else if (!page.seats.length) text = `${t("watching")} · ${t("waiting", { name: current.name })}`;
  else if (page.legal.length) {
    text = state.phase === "layout" ? `${t("yourTurn")}: ${t("layout")}` : state.phase === "fight" ? t("fightTurn") : state.phase === "choose_armour" ? t("chooseArmour") : `${t("yourTurn")} · ${t("step", { s: t(`step_${state.step}`) })}`;
  } else text = t("waiting", { name: current.name });
  byId("turn-text").textContent = `${text} · ${t("round_", { n: state.turn })}`;
  // what the last action did (a card drawn, an event revealed, a roll), as the host tells it
  const notes = clear(byId("notes"));
  for (const line of (state.notes || []).slice(-4)) notes.append(el("li", { text: line }));
  for (const a of page.legal.filter((x) => x.type === "EndTurn")) bar.append(button(t("endTurn"), () => page.send(a), { id: "end-turn", "data-legal": page.legal.indexOf(a) }));
  const undo = page.view.undo;
  if (undo && page.seats.length) {
    // TURN-2: offered while the host lists it; else greyed, the host's reason beside it
    const allowed = page.legal.find((x) => x.type === "Undo");
    bar.append(button(t("undo"), () => allowed && page.send(allowed), { id: "undo", disabled: !allowed, "aria-describedby": allowed ? null : "undo-why", "data-legal": allowed ? page.legal.indexOf(allowed) : null }));
    if (!allowed) bar.append(el("span", { id: "undo-why", class: "note", text: t("undoWhy", { m: reason(undo.key, undo.message, undo.params || {}) }) }));
  }
  if (state.phase === "fight" && page.legal.some((a) => a.type === "FightDecision")) bar.append(button(t("fightTurn"), () => page.showTab("fight")));
  if (page.legal.some((a) => PANEL_TYPES.base.includes(a.type))) bar.append(button(t("base", { name: "" }).replace(/[:\s]+$/, ""), () => page.showTab("base")));
  if (page.legal.some((a) => PANEL_TYPES.stalker.includes(a.type)) && state.phase === "choose_armour") bar.append(button(t("chooseArmour"), () => page.showTab("stalker")));
}

export { cardId };
