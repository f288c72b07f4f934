// The browser seat: joins the host over the WebSocket of the page's own address with the table
// code of the link (#code=…), keeps its seat token in this browser to come back after a reload,
// a sleep or a network change, and plays only the actions the host lists as legal.
import { t, reason, setLanguage, language, setTableData, cardName, cardText } from "./text.js";
import { el, byId, clear, announce } from "./ui.js";
import { Board } from "./board.js";
import { Rules } from "./rules.js";
import { renderPlayers, renderStalker, renderBase, renderFight, renderOver, renderOther, renderTurn, PANEL_TYPES } from "./panels.js";

const PROTOCOL = 1;
const STORE = `stalkerzone.seat.${location.host}`;
const TABS = ["board", "stalker", "base", "fight", "log", "rules"];

class Page {
  constructor() {
    this.state = null;
    this.legal = [];
    this.seats = [];
    this.viewer = -1;
    this.table = [];
    this.view = null;
    this.ws = null;
    this.nextId = 1;
    this.pending = null;
    this.sentAt = new Map();
    this.roundTrips = [];
    this.attempt = 0;
    this.retry = null;
    this.stopped = false;
    this.rejoining = false;
    this.joinMessage = null;
    this.wakeLock = null;
    this.tab = "board";
    this.audio = null;
    this.board = new Board(this);
    this.rules = new Rules();
  }

  /** The name a seat goes by at the table (the name given when joining), else the game's. */
  seatName(seat) {
    const row = (this.table || []).find((r) => r.seat === seat);
    return (row && row.name) || (this.state && this.state.players[seat] ? this.state.players[seat].name : String(seat + 1));
  }

  me() {
    return this.state && this.viewer >= 0 ? this.state.players[this.viewer] : null;
  }

  // --- joining -------------------------------------------------------------------------------
  saved() {
    try {
      return JSON.parse(localStorage.getItem(STORE) || "null");
    } catch {
      return null;
    }
  }

  remember(fields) {
    localStorage.setItem(STORE, JSON.stringify({ ...(this.saved() || {}), ...fields }));
  }

  forget() {
    localStorage.removeItem(STORE);
  }

  start() {
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
    const code = fragment.get("code") || "";
    const kept = this.saved();
    byId("join-code").value = code || (kept && kept.code) || "";
    byId("join-name").value = (kept && kept.name) || "";
    const seats = byId("join-seats");
    for (let n = 0; n < 6; n++) {
      seats.append(el("label", {}, el("input", { type: "radio", name: "seat", value: String(n) }), ` ${t("seatN", { n: n + 1 })}`));
    }
    this.offerStalkers();
    byId("join-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.unlockAudio();
      this.joinFromForm(true);
    });
    byId("watch-button").addEventListener("click", () => this.joinFromForm(false));
    // enabled once the page can act on them (before, a press would reload the page)
    byId("join-button").disabled = false;
    byId("watch-button").disabled = false;
    for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => this.showTab(tab.dataset.tab));
    byId("lang").addEventListener("click", () => {
      setLanguage(language() === "ru" ? "en" : "ru");
      localStorage.setItem("stalkerzone.lang", language());
      this.relabel();
      if (!this.state) this.offerStalkers(); // the stalkers' names and bonuses, in the language
      this.render();
    });
    // browsers let a page make sound only after a gesture: the first tap or key unlocks it
    for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, () => this.unlockAudio(), { once: true });
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") {
        this.reconnectNow();
        this.keepAwake();
      }
    });
    this.relabel();
    if (kept && kept.token) {
      this.joinMessage = { type: "join", protocol: PROTOCOL, seats: [], any_seat: false, token: kept.token, name: null, code: kept.code || code || null };
      this.rejoining = true;
      this.status(t("rejoining"));
      this.connect();
    } else this.status(t("notJoined"));
  }

  /** ST-3: the stalkers a joining player may choose (the host's list of free ones), each with
   *  its portrait, name and bonus; keeping the one the host dealt is the first choice. The
   *  choice made stays chosen (a change of language offers them again) while it is free. */
  async offerStalkers() {
    const chosen = (document.querySelector("input[name=stalker]:checked") || {}).value || "";
    let free = [];
    try {
      const answer = await fetch("/static/free-stalkers.json");
      free = answer.ok ? (await answer.json()).stalkers || [] : [];
    } catch {
      free = [];
    }
    const box = clear(byId("join-stalkers"));
    byId("join-stalker-set").hidden = !free.length;
    const offered = free.slice(0, 24);
    const kept = offered.includes(chosen) ? chosen : "";
    box.append(el("label", {}, el("input", { type: "radio", name: "stalker", value: "", checked: !kept }), " ", el("span", { "data-t": "keepStalker", text: t("keepStalker") })));
    for (const id of offered) {
      box.append(el("label", { class: "stalker-choice", "data-stalker": id },
        el("input", { type: "radio", name: "stalker", value: id, checked: id === kept }),
        el("img", { src: `/art/${encodeURIComponent(id)}.png`, alt: "", width: 48, height: 48 }),
        el("span", {}, el("strong", { text: cardName(id) }), el("span", { class: "note", text: ` ${cardText(id)}` }))));
    }
  }

  joinFromForm(play) {
    const code = byId("join-code").value.trim();
    const name = byId("join-name").value.trim();
    const choice = (document.querySelector("input[name=seat]:checked") || {}).value || "any";
    const seats = play && choice !== "any" ? [Number(choice)] : [];
    const stalker = play ? (document.querySelector("input[name=stalker]:checked") || {}).value || null : null;
    this.joinMessage = { type: "join", protocol: PROTOCOL, seats, any_seat: play && choice === "any", token: null, name: name || null, code: code || null, stalker };
    this.remember({ code, name });
    this.rejoining = false;
    byId("join-error").textContent = "";
    this.connect();
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.retry);
    if (this.ws) {
      this.ws.onclose = null; // the old connection's end is no drop to recover from
      this.ws.close();
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/`);
    this.ws = ws;
    this.status(t("connecting"));
    ws.onopen = () => {
      this.attempt = 0;
      ws.send(JSON.stringify(this.joinMessage));
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = () => this.lost();
  }

  lost() {
    this.ws = null;
    this.pending = null;
    if (this.stopped || !this.joinMessage) return;
    this.attempt += 1;
    const seconds = Math.min(2 ** (this.attempt - 1), 15);
    const text = t("lost", { s: seconds, n: this.attempt });
    this.status(text);
    announce(text);
    this.retry = setTimeout(() => this.connect(), seconds * 1000);
  }

  reconnectNow() {
    if (!this.ws && !this.stopped && this.joinMessage && this.attempt > 0) this.connect();
  }

  // --- messages ------------------------------------------------------------------------------
  receive(raw) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.type === "view") this.onView(message);
    else if (message.type === "refused") this.onRefused(message);
    else if (message.type === "event") this.onEvent(message);
    else if (message.type === "chat") this.addLog(`${message.name}: ${message.text}`);
    else if (message.type === "bye") this.onBye(message);
  }

  onView(message) {
    const first = !this.state || "token" in message;
    if (message.token) {
      const kept = this.saved() || {};
      const rejoined = this.rejoining && kept.token === message.token;
      this.remember({ token: message.token, code: this.joinMessage.code });
      // from now on a dropped connection comes back with the token
      this.joinMessage = { ...this.joinMessage, token: message.token, seats: [], any_seat: false, stalker: null };
      this.status(rejoined ? t("rejoined") : t("joined", { name: (message.table.find((r) => message.seats.includes(r.seat)) || {}).name || t("watching") }));
      announce(rejoined ? t("rejoined") : t("tokenKept"));
      this.rejoining = true;
    } else if (first) this.status(t("watching"));
    if (message.log) {
      clear(byId("log"));
      for (const [turn, line] of message.log) this.addLog(`${turn}: ${line}`, false);
    } else {
      for (const line of message.state.notes || []) this.addLog(`${message.state.turn}: ${line}`, true);
    }
    const hadTurn = this.legal.length > 0;
    const fightBefore = this.state && this.state.fight;
    this.view = message;
    this.state = message.state;
    this.legal = message.legal || [];
    this.seats = message.seats || [];
    this.viewer = message.viewer;
    this.table = message.table || this.table;
    if (message.reply_to !== null && message.reply_to !== undefined && this.sentAt.has(message.reply_to)) {
      this.roundTrips.push(performance.now() - this.sentAt.get(message.reply_to));
      this.sentAt.delete(message.reply_to);
    }
    this.pending = null;
    byId("join").hidden = true;
    byId("game").hidden = false;
    if (!hadTurn && this.legal.length) this.turnStarts();
    if (first && this.state.phase === "fight" && this.state.fight && this.seats.includes(this.state.fight.player)) this.showTab("fight", false);
    else if (!fightBefore && this.state.fight && this.seats.includes(this.state.fight.player)) this.showTab("fight", false);
    this.keepAwake();
    this.render();
  }

  onRefused(message) {
    this.pending = null;
    const params = Object.fromEntries((message.params || []).filter((p) => Array.isArray(p) && p.length === 2));
    const text = t("refused", { m: reason(message.key, message.message, params) });
    if (!this.state) {
      // a join refused (wrong code, seat taken, unknown token): back to the join form, no retry
      if (this.joinMessage && this.joinMessage.token) this.forget();
      this.joinMessage = null;
      this.stopped = true;
      if (this.ws) this.ws.close();
      byId("join").hidden = false;
      byId("join-error").textContent = text;
      this.offerStalkers(); // a stalker taken meanwhile is no longer offered
    }
    this.status(text);
    announce(text);
  }

  onEvent(message) {
    if (message.table) this.table = message.table;
    // what an action did is read out from the notes of the view that follows it
    if (message.kind !== "action" && message.name) {
      const said = { joined: "hasJoined", left: "hasLeft", stand_in: "standIn", undo: "undone" }[message.kind];
      announce(`${message.name}: ${said ? t(said) : message.kind}`);
      if (this.state) renderPlayers(this);
    }
  }

  onBye(message) {
    const text = t("bye", { m: message.reason });
    this.status(text);
    announce(text);
    if (["host_closed", "seat_taken_over", "bad_code", "abuse"].includes(message.key)) {
      this.stopped = true;
      if (message.key === "bad_code") this.forget();
    }
  }

  /** Send a legal action (one at a time: the next waits for the host's answer). */
  send(action) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.pending !== null) return;
    const id = this.nextId++;
    this.pending = id;
    this.sentAt.set(id, performance.now());
    this.ws.send(JSON.stringify({ type: "action", id, action }));
  }

  // --- the turn's alerts -----------------------------------------------------------------------
  unlockAudio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!this.audio && Context) this.audio = new Context();
  }

  turnStarts() {
    announce(t("yourTurn"));
    if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
    const audio = this.audio;
    if (audio) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.value = 0.08;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.18);
    }
  }

  async keepAwake() {
    const wanted = this.legal.length > 0 && document.visibilityState === "visible";
    try {
      if (wanted && !this.wakeLock && navigator.wakeLock) {
        this.wakeLock = await navigator.wakeLock.request("screen");
        this.wakeLock.addEventListener("release", () => (this.wakeLock = null));
      } else if (!wanted && this.wakeLock) {
        await this.wakeLock.release();
        this.wakeLock = null;
      }
    } catch {
      this.wakeLock = null; // not allowed here (battery saver, an insecure origin)
    }
  }

  // --- showing ---------------------------------------------------------------------------------
  status(text) {
    byId("status").textContent = text;
  }

  addLog(line, speak = false) {
    const log = byId("log");
    log.append(el("li", { text: line }));
    while (log.childNodes.length > 400) log.firstChild.remove();
    if (speak) announce(line);
  }

  showTab(name, focus = true) {
    if (!TABS.includes(name)) return;
    this.tab = name;
    for (const tab of document.querySelectorAll(".tab")) tab.setAttribute("aria-pressed", tab.dataset.tab === name ? "true" : "false");
    for (const n of TABS) byId(`tab-${n}`).hidden = n !== name;
    document.body.dataset.tab = name;
    if (name === "rules") this.rules.render();
    if (focus) {
      window.scrollTo(0, 0);
      byId(`${name}-title`).focus({ preventScroll: true });
    }
  }

  relabel() {
    for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
    for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
    const mapKey = clear(byId("map-key"));
    for (const k of ["village", "military_base", "laboratory", "epicenter", "danger", "anomaly", "event", "terrain", "marks"]) mapKey.append(el("li", { text: t(`key_${k}`) }));
    byId("lang").textContent = language() === "ru" ? "EN" : "RU";
    // the visible letters first in the name (what a voice user says to press it)
    byId("lang").setAttribute("aria-label", language() === "ru" ? "EN: English" : "RU: Русский язык");
    byId("join-button").textContent = t("join");
    byId("watch-button").textContent = t("watch");
  }

  render() {
    if (!this.state) return;
    const s = this.state;
    const body = document.body.dataset;
    body.version = this.view.version;
    body.phase = s.phase;
    body.viewer = this.viewer;
    body.current = s.current_player;
    body.seats = this.seats.join(",");
    body.legal = this.legal.length;
    body.fight = s.fight ? "true" : "false";
    renderTurn(this);
    this.board.render();
    renderPlayers(this);
    renderStalker(this);
    renderBase(this);
    renderFight(this);
    renderOver(this);
    renderOther(this);
    if (this.tab === "rules") this.rules.render();
    for (const [tab, types] of Object.entries(PANEL_TYPES)) {
      const button = document.querySelector(`.tab[data-tab=${tab}]`);
      if (button) button.dataset.actions = this.legal.some((a) => types.includes(a.type)) ? "yes" : "no";
    }
  }
}

setLanguage(localStorage.getItem("stalkerzone.lang") || (navigator.language || "en").slice(0, 2));
const page = new Page();
globalThis.stalkerzonePage = page;
fetch("/static/table.json")
  .then((r) => (r.ok ? r.json() : {}))
  .then((data) => setTableData(data))
  .catch(() => setTableData({}))
  .finally(() => page.start());
