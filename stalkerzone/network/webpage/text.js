// The page's words in English and Russian, and the names of cards and sectors by id.
const WORDS = {
  en: {
    justHappened: "What just happened", mapKey: "Map key", key_village: "V: the Village (a base)", key_military_base: "M: the Military base (a base)",
    key_laboratory: "L: the Laboratory (a base)", key_epicenter: "E: the Epicenter", key_danger: "!, !!, !!!: a green, yellow, red danger (a monster; the move ends there)",
    key_anomaly: "A: an anomaly", key_event: "?: an event", key_terrain: "▦ ruins, ♣ forest, ≈ swamp, ~ water, ✱ anomaly field; a pale line is a road",
    key_marks: "numbered discs: the stalkers by seat (yours filled); ⚔ a fight; ◆ your loot; dotted hexes: within reach, with their cost",
    skip: "Skip to the game", joinTitle: "Join the table", tableCode: "Table code", yourName: "Your name",
    screens: "Screens", turn: "Turn", zoomIn: "Zoom in", zoomOut: "Zoom out", centreMe: "Centre on my stalker",
    wholeZone: "Show the whole Zone", ruleSections: "Rule sections", tab_board: "Board", tab_stalker: "Stalker",
    tab_base: "Base", tab_fight: "Fight", tab_log: "Log", tab_rules: "Rules",
    step_move: "move", step_site: "on the site", step_done: "only trading or ending the turn left",
    colour_green: "green", colour_yellow: "yellow", colour_red: "red",
    join: "Join", notJoined: "Not at the table yet", watch: "Watch only", anySeat: "Any free seat", seat: "Seat",
    connecting: "Connecting…", connected: "Connected", joined: "Joined as {name}",
    lost: "Connection lost: reconnecting in {s} s (attempt {n})",
    rejoined: "Reconnected with your seat token", rejoining: "Rejoining your seat…",
    yourTurn: "Your turn", waiting: "Waiting for {name}", watching: "Watching",
    over: "The game is over", winner: "{name} wins", layout: "Lay out the Zone",
    fightTurn: "Fight: your decision", chooseArmour: "Choose the armour to lose",
    endTurn: "End the turn", place: "Place the sector", rotate: "Turn", flip: "Flip",
    noFit: "no sector fits here (dead end)", freeSlot: "slot {i},{j}: a sector fits",
    moveTo: "Move to {where}", reachable: "reachable", me: "you", cash: "Money",
    health: "Health", elements: "Elements", position: "Hex", backpack: "Backpack",
    activate: "Use", stash: "Stash", discard: "Lose", trophies: "Trophies",
    orders: "Open orders", delivered: "Delivered", heldEvent: "Held event", none: "none",
    buy: "Buy", sell: "Sell", take: "Take order", deliver: "Deliver", giveUp: "Give up",
    heal: "Heal {n}", noBase: "No trading here now.", noFight: "No fight now.",
    attack: "Attack", escape: "Escape", grenade: "Throw {g}", withStim: "with {s}",
    round: "Round {n}", monster: "Monster", you: "You", dice: "Dice",
    lastFight: "The last fight",
    refused: "Refused: {m}", bye: "The host closed the connection: {m}",
    rules: "Rules", search: "Search the rules", standings: "Standings",
    step: "step: {s}", round_: "round {n}", other: "Other actions", players: "Players",
    weapon: "Weapon", mods: "Mods", head: "Head", body: "Body", navigation: "Navigation",
    artifacts: "Artifacts", grenades: "Grenades", stimulators: "Stimulators",
    slots: "Slots", price: "price {p}", zoneMap: "The Zone", sector: "Sector",
    face: "face {f}", rotation: "turned {r}", noSeatsFree: "Watch only",
    deaths: "deaths", bot: "bot", away: "away", hexInfo: "hex {q},{r}: {terrain}",
    stalkerHere: "{name} is here", legalSlots: "{n} slots where a sector fits",
    gotLegal: "Choose a hex to move to, or trade, or end the turn.",
    selected: "Selected: {what}", confirmMove: "Move here", cancel: "Cancel", cost: "costs {n}", via: "via {n} hexes",
    slot: "Slot {i},{j}", colour: "{c} monster", sellWhat: "Sell {card}", reward: "reward {n}",
    base: "Base: {name}", health2: "{a} health, monster {b}", stalkerHealth: "Your health {n}", monsterHealth: "Monster health {n}",
    hasJoined: "joined the table", hasLeft: "left the table", standIn: "a bot plays for now",
    deathsTitle: "Deaths", village: "the Village", militaryBase: "the Military base", laboratory: "the Laboratory",
    seatN: "Seat {n}", tokenKept: "Your seat token is kept in this browser: a reload or a dropped network brings you back.",
    odds_short: "win {win} · death {death}", odds_short_escape: "win {win} · death {death} · escaped {escape}",
    odds_death_escape: "death {death} · escaped {escape}", odds_goes_on: "no end: it can go on for ever",
    oddsNow: "With the best play: win {win} · death {death} · escaped {escape}", bestMove: "Best move now: {move}",
    oddsNowSafe: "Playing safe: win {win} · death {death} · escaped {escape}", safestMove: "Safest now: {move} — alive {alive}",
    winMost: "To win most: {move} — win {win}, death {death}", oddsTitleSafe: "Exact odds, playing safe",
    oddsTitle: "Exact odds", stalkerPick: "Stalker", keepStalker: "The one the host dealt", portrait: "Portrait of {name}",
    undo: "Undo", undoWhy: "Cannot undo: {m}", undone: "took back the last action",
    story: "The story of the game", storyWon: "Won", storyLost: "Lost", storyEscaped: "Escaped", storyLuck: "Luck",
    luck_more: "{name} won {n} more fights than the odds said", luck_fewer: "{name} won {n} fewer fights than the odds said",
    luck_even: "{name} won as many fights as the odds said", noFights: "Nobody fought a monster this game",
    storyRounds: "{n} rounds", storyRound: "Round", storyStart: "start", storyFights: "Fights",
    fightLine: "round {round}: {name} against {monster} ({colour}) — {outcome}; the odds before: win {win} · death {death}",
    outcome_win: "won", outcome_death: "died", outcome_escape: "escaped",
    byRound: "{name} by round (money / health / Elements)",
  },
  ru: {
    justHappened: "Что сейчас произошло", mapKey: "Условные знаки", key_village: "V: Деревня (база)", key_military_base: "M: Военная база (база)",
    key_laboratory: "L: Лаборатория (база)", key_epicenter: "E: Эпицентр", key_danger: "!, !!, !!!: зелёная, жёлтая, красная опасность (монстр; движение там кончается)",
    key_anomaly: "A: аномалия", key_event: "?: событие", key_terrain: "▦ руины, ♣ лес, ≈ болото, ~ вода, ✱ аномальное поле; светлая линия — дорога",
    key_marks: "круги с номерами: сталкеры по местам (ваш закрашен); ⚔ бой; ◆ ваш тайник; пунктирные гексы: можно дойти, с ценой",
    skip: "К игре", joinTitle: "За стол", tableCode: "Код стола", yourName: "Ваше имя",
    screens: "Экраны", turn: "Ход", zoomIn: "Крупнее", zoomOut: "Мельче", centreMe: "К моему сталкеру",
    wholeZone: "Вся Зона", ruleSections: "Разделы правил", tab_board: "Поле", tab_stalker: "Сталкер",
    tab_base: "База", tab_fight: "Бой", tab_log: "Журнал", tab_rules: "Правила",
    step_move: "движение", step_site: "на месте", step_done: "осталось торговать или закончить ход",
    colour_green: "зелёный", colour_yellow: "жёлтый", colour_red: "красный",
    join: "Войти", notJoined: "Вы ещё не за столом", watch: "Только смотреть", anySeat: "Любое свободное место", seat: "Место",
    connecting: "Подключение…", connected: "Подключено", joined: "Вы за столом: {name}",
    lost: "Связь потеряна: повтор через {s} с (попытка {n})",
    rejoined: "Снова за столом по вашему жетону места", rejoining: "Возвращаемся на место…",
    yourTurn: "Ваш ход", waiting: "Ходит: {name}", watching: "Наблюдение",
    over: "Игра окончена", winner: "Победитель: {name}", layout: "Соберите Зону",
    fightTurn: "Бой: ваше решение", chooseArmour: "Выберите броню, которую потеряете",
    endTurn: "Закончить ход", place: "Положить сектор", rotate: "Повернуть", flip: "Перевернуть",
    noFit: "сюда не подходит ни один сектор (тупик)", freeSlot: "место {i},{j}: сектор подходит",
    moveTo: "Идти на {where}", reachable: "можно дойти", me: "вы", cash: "Деньги",
    health: "Здоровье", elements: "Элементы", position: "Гекс", backpack: "Рюкзак",
    activate: "Надеть", stash: "В рюкзак", discard: "Потерять", trophies: "Трофеи",
    orders: "Открытые заказы", delivered: "Сданные", heldEvent: "Событие на руке", none: "нет",
    buy: "Купить", sell: "Продать", take: "Взять заказ", deliver: "Сдать", giveUp: "Отказаться",
    heal: "Лечить {n}", noBase: "Здесь сейчас не торгуют.", noFight: "Сейчас боя нет.",
    attack: "Атаковать", escape: "Бежать", grenade: "Бросить {g}", withStim: "с {s}",
    round: "Раунд {n}", monster: "Монстр", you: "Вы", dice: "Кубики",
    lastFight: "Прошлый бой",
    refused: "Отказ: {m}", bye: "Хост закрыл соединение: {m}",
    rules: "Правила", search: "Поиск по правилам", standings: "Итоги",
    step: "шаг: {s}", round_: "раунд {n}", other: "Другие действия", players: "Игроки",
    weapon: "Оружие", mods: "Модули", head: "Голова", body: "Тело", navigation: "Навигация",
    artifacts: "Артефакты", grenades: "Гранаты", stimulators: "Стимуляторы",
    slots: "Слоты", price: "цена {p}", zoneMap: "Зона", sector: "Сектор",
    face: "сторона {f}", rotation: "поворот {r}", noSeatsFree: "Только смотреть",
    deaths: "смертей", bot: "бот", away: "нет на связи", hexInfo: "гекс {q},{r}: {terrain}",
    stalkerHere: "здесь {name}", legalSlots: "мест, куда подходит сектор: {n}",
    gotLegal: "Выберите гекс, торгуйте или закончите ход.",
    selected: "Выбрано: {what}", confirmMove: "Идти сюда", cancel: "Отмена", cost: "стоит {n}", via: "шагов: {n}",
    slot: "Место {i},{j}", colour: "монстр: {c}", sellWhat: "Продать {card}", reward: "награда {n}",
    base: "База: {name}", health2: "здоровье {a}, у монстра {b}", stalkerHealth: "Ваше здоровье {n}", monsterHealth: "Здоровье монстра {n}",
    hasJoined: "за столом", hasLeft: "не за столом", standIn: "пока играет бот",
    deathsTitle: "Смерти", village: "Деревня", militaryBase: "Военная база", laboratory: "Лаборатория",
    seatN: "Место {n}", tokenKept: "Жетон вашего места хранится в этом браузере: после перезагрузки или обрыва сети вы вернётесь.",
    odds_short: "победа {win} · смерть {death}", odds_short_escape: "победа {win} · смерть {death} · побег {escape}",
    odds_death_escape: "смерть {death} · побег {escape}", odds_goes_on: "конца нет: бой может длиться вечно",
    oddsNow: "При лучшей игре: победа {win} · смерть {death} · побег {escape}", bestMove: "Лучший ход сейчас: {move}",
    oddsNowSafe: "При осторожной игре: победа {win} · смерть {death} · побег {escape}", safestMove: "Надёжнее всего сейчас: {move} — выживание {alive}",
    winMost: "Ради победы: {move} — победа {win}, смерть {death}", oddsTitleSafe: "Точные шансы при осторожной игре",
    oddsTitle: "Точные шансы", stalkerPick: "Сталкер", keepStalker: "Того, что выдал хост", portrait: "Портрет: {name}",
    undo: "Отменить", undoWhy: "Отменить нельзя: {m}", undone: "отменяет последнее действие",
    story: "История игры", storyWon: "Победы", storyLost: "Гибели", storyEscaped: "Побеги", storyLuck: "Удача",
    luck_more: "{name}: побед на {n} больше, чем обещали шансы", luck_fewer: "{name}: побед на {n} меньше, чем обещали шансы",
    luck_even: "{name}: побед ровно столько, сколько обещали шансы", noFights: "В этой игре никто не сражался с монстрами",
    storyRounds: "раундов: {n}", storyRound: "Раунд", storyStart: "начало", storyFights: "Бои",
    fightLine: "раунд {round}: {name} против: {monster} ({colour}) — {outcome}; шансы до боя: победа {win} · смерть {death}",
    outcome_win: "победа", outcome_death: "гибель", outcome_escape: "побег",
    byRound: "{name} по раундам (деньги / здоровье / элементы)",
    undo_nothing: "ещё ничего не сделано", undo_loaded: "игра загружена после этого действия",
    undo_none_yours: "в этом ходу нечего отменять", undo_not_yours: "отменить действие игрока {player} может только {player}",
    undo_bot: "действие бота не отменить", undo_turn_over: "ход окончен",
    undo_dice: "брошены кубики", undo_card_drawn: "вытянута карта", undo_fight: "начался бой",
    undo_game_over: "игра окончена", undo_loot: "открыт чужой тайник", undo_event: "открыто событие",
  },
};

let lang = "en";

export function setLanguage(code) {
  lang = WORDS[code] ? code : "en";
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

/** The reason a refusal or a view's `undo` gives, in the page's language: the host's English
 *  text, or the word for its key with its parameters (a name) filled in. */
export function reason(key, message, params = {}) {
  return lang === "en" || !key || !(WORDS[lang] && WORDS[lang][key]) ? message : t(key, params);
}

/** The page's word for `key`, its {fields} filled from `params`. */
export function t(key, params = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : ""));
}

/** A probability as the desktop prints it: one decimal in the language's number format, and
 *  "<0.1%" / ">99.9%" at the ends, so a chance that is not certain never reads 0 or 100; within
 *  SURE of 0 or 1 (a sum's rounding error, no chance) the value is exact. */
const SURE = 1e-9;
export function percent(p) {
  const format = (x) => new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(x * 1000) / 1000);
  if (Math.abs(p) < SURE) p = 0;
  else if (Math.abs(1 - p) < SURE) p = 1;
  if (p > 0 && p < 0.001) return `<${format(0.001)}`;
  if (p > 0.999 && p < 1) return `>${format(0.999)}`;
  return format(p);
}

/** The line under a fight decision (the desktop's rule): how the fight ends if it is taken now
 *  and the best play follows; the escape only when it can happen; "no end" when nothing can. */
export function oddsLine(o) {
  const win = percent(o.win), death = percent(o.death), escape = percent(o.escape);
  if (o.escape >= 0.0005 && o.win === 0) return t("odds_death_escape", { death, escape });
  if (o.escape >= 0.0005) return t("odds_short_escape", { win, death, escape });
  if (o.win + o.death < 0.0005) return t("odds_goes_on");
  return t("odds_short", { win, death });
}

let cards = {};
let sectors = {};
let movement = { road: 1, terrain: {} };

export function setTableData(data) {
  cards = (data && data.cards) || {};
  sectors = (data && data.sectors) || {};
  movement = (data && data.movement) || movement;
}

/** The variant's movement costs: `road` for a hex with a road, `terrain[t]` (null: impassable). */
export function movementCosts() {
  return movement;
}

export function sectorData(id) {
  return sectors[id];
}

/** The card id of an instance ("ak-47#2" → "ak-47"). */
export function cardId(instance) {
  return String(instance).split("#")[0];
}

export function cardData(instance) {
  return cards[cardId(instance)];
}

function local(texts, fallback) {
  if (!texts) return fallback;
  return texts[lang] || texts.en || Object.values(texts)[0] || fallback;
}

/** A card's name in the page's language ("?" for a face-down card). */
export function cardName(instance) {
  if (instance === "?" || instance === null || instance === undefined) return "?";
  const card = cardData(instance);
  return card ? local(card.name, cardId(instance)) : cardId(instance);
}

export function cardText(instance) {
  const card = cardData(instance);
  return card ? local(card.text, "") : "";
}

export function sectorName(id, face) {
  const sector = sectors[id];
  if (!sector) return id;
  const faceName = face && sector.faces[face] ? local(sector.faces[face].name, "") : "";
  return faceName ? `${local(sector.name, id)} (${faceName})` : local(sector.name, id);
}
