// The browser seat: one text field, and a log that screen readers announce (role="log" is a polite live region).
// It speaks the same protocol as `companion join`: numbered lines, answered once, and reconnecting by itself.
"use strict";
(function () {
  const log = document.getElementById("log");
  const form = document.getElementById("form");
  let field = document.getElementById("line");
  const label = document.getElementById("prompt");
  let code = "", name = "", seat = null, token = null, seen = 0, nextId = 1, game = null;
  let ws = null, joined = false, refused = false, tries = 0;
  // every line sent and not yet answered, oldest first, as {id, text}: kept with the token, and sent again, in
  // order, after a drop or a reload (the host applies each id once)
  let unanswered = [];
  let ready = false;  // welcomed on the connection open now: lines may be sent
  let again = false;  // this connection replaces a lost one: "Connected again." once welcomed
  let fresh = false;  // a kept token was refused (an earlier game): join again by name alone
  // A server's page (companion server) starts in its lobby: the name first, no code; an answer that seats the
  // person carries the game's id and code, and the game's own socket is then joined as a host's game is.
  const lobbyMode = document.body.dataset.lobby === "1";
  let inLobby = false, lobbyId = 1, path = "/ws", switching = false;
  // The lobby's token (told in its first welcome) and its lines not yet answered, oldest first, as {id, text}:
  // after a drop they go again with the token, so the lobby answers a line it already did instead of doing it
  // twice (a create sent again makes no second game)
  let lobbyToken = null, lobbyUnanswered = [];
  let told = false;  // the connection's goodbye said why it ended (such as "The server stopped. Trying again...")
  const place = lobbyMode ? "server" : "host";  // what the words call the other end
  const heading = document.getElementById("log-heading");
  // A server's account: while the lobby asks for a password the field is a password field (never shown, never
  // written into the log); the device token the lobby gives is kept, so the password is asked once here; a
  // signed-in person's pass to a game goes in that game's hello.
  let secret = false, gamePass = "";
  // A password line is sent once: marked secret (when the lobby takes the mark), never kept to be sent again
  // after a lost connection (the lobby asks again); secretId is its number until it is answered.
  let marks = false, secretId = 0;
  function deviceKey() { return "companion:device:" + name.toLowerCase(); }
  function keptDevice() {
    try {
      const d = localStorage.getItem(deviceKey());
      return typeof d === "string" && /^[\x21-\x7e]{20,100}$/.test(d) ? d : "";
    } catch (e) { return ""; }
  }
  function account(msg) {
    if (typeof msg.device === "string" && /^[\x21-\x7e]{20,100}$/.test(msg.device)) {
      try { localStorage.setItem(deviceKey(), msg.device); } catch (e) { /* asked for the password next time */ }
    }
    secret = msg.secret === true;
    fieldFor(secret);
  }
  // The field is a password field from the moment it exists: a new element, put in the old one's place and
  // given the keyboard, never a text field whose type is switched in place (Orca read the first keys typed
  // into such a field aloud, as an ordinary entry's, before it heard the change).
  function fieldFor(password) {
    if ((field.type === "password") === password) return;
    const had = document.activeElement === field || document.activeElement === document.body;
    const next = document.createElement("input");
    next.type = password ? "password" : "text";
    next.autocomplete = password ? "current-password" : "off";
    for (const [k, v] of [["name", "line"], ["autocapitalize", "off"], ["spellcheck", "false"], ["maxlength", "1000"]]) {
      next.setAttribute(k, v);
    }
    field.removeAttribute("id");
    next.id = "line";
    field.replaceWith(next);
    field = next;
    if (had) field.focus();
  }

  // Milliseconds before reconnect try `tries` (from 0), as the terminal program waits (client.retry_wait):
  // growing, each drawn between half and all of its step, so the many seats a stopped server process drops at
  // once come back spread out rather than in the same instant.
  function retryWait(tries, draw) {
    const steps = [200, 500, 1000, 2000, 3000, 5000];
    return steps[Math.min(Math.max(tries, 0), steps.length - 1)] * (0.5 + 0.5 * draw());
  }

  // "Connected again.", said with the first words after the welcome ("Welcome back, Ben.") as one response, so
  // a screen reader says one utterance, not two; said alone if no words follow within a second
  let againNote = null;
  function connectedAgain() {
    againNote = setTimeout(sayAgainNote, 1000);
  }
  function sayAgainNote() {
    if (againNote === null) return;
    clearTimeout(againNote);
    againNote = null;
    show("Connected again.");
  }
  function showSaid(text) {
    if (againNote !== null) { clearTimeout(againNote); againNote = null; text = "Connected again. " + text; }
    showTogether(text);
  }
  // Words from the other end that come together (a burst: several people's lines, a game's news) are shown
  // as one response once no more have come for QUIET ms (at most LONGEST ms after the first): Orca announced
  // three lines added at once in the order "one, three, two"; one element is read whole, in order.
  const QUIET = 100, LONGEST = 400;
  let together = [], quietTimer = null, longestTimer = null;
  function showTogether(text) {
    together.push(text);
    clearTimeout(quietTimer);
    quietTimer = setTimeout(flushTogether, QUIET);
    if (longestTimer === null) longestTimer = setTimeout(flushTogether, LONGEST);
  }
  function flushTogether() {
    clearTimeout(quietTimer); clearTimeout(longestTimer); quietTimer = null; longestTimer = null;
    if (together.length === 0) return;
    const parts = together;
    together = [];
    const box = append(parts.join("\n"));
    if (parts.length > 1) box.dataset.parts = JSON.stringify(parts);  // each message apart, for the page's tests
  }

  // The page's title says where the person is, key fact first, for the screen reader's window and tab list:
  // "Lobby", the game's name, "Your turn" when the game waits for them, "Game over" at its end.
  let gameName = "";  // a server's game by the name the lobby sent with it; a host's game is "Game"
  let titleState = "";  // "", "yours" or "over": from the newest message of the game
  function setTitle() {
    const parts = [];
    if (name && inLobby) parts.push("Lobby");
    else if (joined && !inLobby) {
      if (titleState === "yours") parts.push("Your turn");
      else if (titleState === "over") parts.push("Game over");
      parts.push(gameName || "Game");
    }
    parts.push("Dominion Companion");
    document.title = parts.join(", ");
  }

  // A response is one element holding one text node, its lines kept apart by newlines (shown as lines by
  // white-space: pre-line): a screen reader announces it as one utterance, its lines in order. A paragraph
  // a line was announced line by line, and Orca said them out of order.
  function show(text) {
    flushTogether();  // what came before it is shown before it
    append(text);
  }
  function append(text) {
    const box = document.createElement("p");
    box.className = "response";
    box.textContent = text;
    log.appendChild(box);
    while (log.children.length > 200) log.removeChild(log.firstChild);
    return box;
  }
  // The person's own line in the log, after its prompt, as a terminal keeps it: not a response of the host.
  // It is shown but not announced (aria-hidden): the keys were heard as they were typed, and read again
  // it ran into the prompt ("buy phase buy silver") before the answer.
  function own(prompt, text) {
    flushTogether();
    const p = document.createElement("p");
    p.className = "typed";
    p.setAttribute("aria-hidden", "true");
    p.textContent = (prompt ? prompt + " " : "") + text;
    log.appendChild(p);
  }
  // What was typed, in double quotes, for an error: past 30 characters it is cut (at a space that keeps at
  // least half) and an ellipsis after the closing quote says so, as the shell's own errors quote.
  function quote(text) {
    const shown = text.trim().replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
    if (shown.length <= 30) return "'" + shown + "'";
    let cut = shown.slice(0, 30);
    const space = cut.lastIndexOf(" ");
    if (space >= 15) cut = cut.slice(0, space);
    return "'" + cut.trimEnd() + "'\u2026";
  }
  function setPrompt(text) {
    label.textContent = text.replace(/[>.]\s*$/, "").trim() || "Command";
  }
  function storeKey() { return "companion:" + code + ":" + name.toLowerCase(); }
  // Storage may be refused (a browser that blocks it), full, or hold anything at all: it is read like any
  // input, and a failure to keep something costs only the memory across a reload, never an answer.
  const MAX_ID = 9007199254740992, MAX_KEPT = 200000, MAX_LINES = 40;  // the host takes 40 lines at once
  function isCount(x) { return Number.isInteger(x) && x >= 0 && x <= MAX_ID; }
  function store(value) {
    try {
      if (value === null) localStorage.removeItem(storeKey());
      else localStorage.setItem(storeKey(), JSON.stringify(value));
    } catch (e) { /* not kept: the page goes on without it */ }
  }
  function kept() {  // this seat's kept record, checked field by field; null when there is none to trust
    let raw = null;
    try { raw = localStorage.getItem(storeKey()); } catch (e) { return null; }
    if (typeof raw !== "string" || raw.length > MAX_KEPT) return null;
    let k;
    try { k = JSON.parse(raw); } catch (e) { return null; }
    if (!k || typeof k !== "object" || Array.isArray(k)) return null;
    if (!isCount(k.seat) || typeof k.token !== "string" || !/^[\x21-\x7e]{1,100}$/.test(k.token)) return null;
    const ok = typeof k.game === "string" && k.game.length <= 40;
    return {seat: k.seat, token: k.token, seen: isCount(k.seen) ? k.seen : 0, game: ok ? k.game : null,
            lines: ok ? keptLines(k.lines) : []};
  }
  function keptLines(lines) {  // the kept unanswered lines: numbered one after another, or none at all
    if (!Array.isArray(lines) || lines.length > MAX_LINES) return [];
    const out = [];
    for (const line of lines) {
      // as the field gives them: up to 1,000 characters, no control characters (so each fits the host's frame)
      if (!line || typeof line !== "object" || !isCount(line.id) || line.id < 1 || typeof line.text !== "string"
          || !line.text || line.text.length > 1000 || /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/.test(line.text)) {
        return [];
      }
      if (out.length > 0 && line.id !== out[out.length - 1].id + 1) return [];
      out.push({id: line.id, text: line.text});
    }
    return out;
  }
  // The seat's token, the number of the last message heard (so a reloaded page hears only what it missed), the
  // game it is a seat of, and the lines not yet answered (so a reload loses none).
  function keep() { if (token) store({seat: seat, token: token, seen: seen, game: game, lines: unanswered}); }
  // Kept lines that must not go where they are now (another game or seat): said, never sent.
  function notSent(why) {
    if (unanswered.length === 0) return;
    const named = unanswered.slice(0, 3).map(function (l) { return quote(l.text); });
    const more = unanswered.length > 3 ? " and " + (unanswered.length - 3) + " more" : "";
    show("Not sent, because " + why + ". " + named.join(", ") + more + ". Type them again if you still want them.");
    unanswered = [];
  }

  // Lines up to ``id`` are done: answered, or applied by the host (whose answer comes with what was missed).
  function answered(id) {
    const before = unanswered.length;
    while (unanswered.length > 0 && unanswered[0].id <= id) unanswered.shift();
    if (unanswered.length !== before) keep();
  }

  function connect() {
    told = false;
    if (lobbyMode) heading.textContent = inLobby ? "Lobby" : "Game";  // the log's name says where the person is
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + (inLobby ? "/lobby/ws" : path));
    ws.onopen = function () {
      if (inLobby) {
        const hello = {v: 1, type: "hello", code: "", name: name};
        if (lobbyToken) { hello.seat = 0; hello.token = lobbyToken; }
        const device = keptDevice();
        if (device) hello.device = device;
        ws.send(JSON.stringify(hello));
        return;
      }
      const hello = {v: 1, type: "hello", code: code, name: name};
      if (gamePass) hello.pass = gamePass;
      if (token) { hello.seat = seat; hello.token = token; if (seen > 0 || joined) hello.seen = seen; }
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = function (event) {
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      if (!msg || msg.v !== 1) return;
      if (inLobby) { lobbyMessage(msg); return; }
      if (msg.type === "welcome") {
        // a server's game says "Welcome back" itself, after the lobby's "Going to": not said twice there
        if (!joined && !msg.token && !lobbyMode) show("You are back in your seat.");
        // lines kept for this seat of this game only: a new seat (a new token), or another game, never gets them
        if (msg.token || msg.game !== game || msg.seat !== seat) notSent("they were typed for another game or seat");
        joined = true; ready = true; tries = 0; seat = msg.seat; game = msg.game;
        setTitle();
        if (again) { again = false; connectedAgain(); }
        if (typeof msg.n === "number" && msg.n < seen) seen = msg.n;
        if (msg.token) token = msg.token;
        // a returning seat's new token: kept before anything is sent, as the old one fits only until then
        if (typeof msg.renewed === "string" && /^[\x21-\x7e]{1,100}$/.test(msg.renewed)) { token = msg.renewed; keep(); }
        setPrompt(msg.prompt || "");
        // the host applied every line up to last_line (their answers follow, with what was missed): the rest
        // go again, in order, each once; lines numbered past what the host expects were never its to apply
        const applied = isCount(msg.last_line) ? msg.last_line : 0;
        answered(applied);
        if (unanswered.length > 0 && unanswered[0].id !== applied + 1) notSent("the host was not waiting for them");
        for (const line of unanswered) ws.send(JSON.stringify({v: 1, type: "line", id: line.id, text: line.text}));
        nextId = unanswered.length > 0 ? unanswered[unanswered.length - 1].id + 1 : applied + 1;
        keep();
        // the token is kept: say so, or a reload before this would leave a seat no device holds
        if (msg.token || msg.renewed) ws.send(JSON.stringify({v: 1, type: "ping"}));
      } else if (msg.type === "say") {
        if (typeof msg.reply === "number") answered(msg.reply);
        if (msg.n <= seen) return;
        seen = msg.n;
        keep();
        if (msg.text) showSaid(msg.text);
        if (msg.prompt) setPrompt(msg.prompt);
        titleState = msg.over ? "over" : msg.yours ? "yours" : "";
        setTitle();
      } else if (msg.type === "bye") {
        const reason = typeof msg.reason === "string" ? msg.reason : "";
        if (!joined && token && reason.indexOf("seat token") >= 0) {
          store(null); token = null; seat = null; seen = 0; game = null; fresh = true;
          notSent("they were typed for another game or seat"); return;
        }
        // an error, or the seat opened in another tab or program: trying again would take it back and forth
        if (/^Error[,:]/.test(reason) || reason.indexOf("another place") >= 0) { refused = true; }
        if (reason) { show(reason); told = true; }
        if (refused && lobbyMode) {  // a server's game said no (a taken name, a full game): back to the lobby,
          // whose welcome says so
          refused = false; unanswered = []; inLobby = true; code = ""; path = "/ws"; token = null; seat = null;
          game = null; joined = false;
          switching = true; return;
        }
        if (refused) {  // the field asks again: for the code when it was wrong, else for a name
          joined = false; nextId = 1;
          if (reason.indexOf("another place") < 0) { notSent("the host closed the connection"); keep(); }
          unanswered = [];  // the seat's other place keeps them
          if (reason.indexOf("join code") >= 0) { code = ""; name = ""; setPrompt("Join code"); show("Type the join code."); }
          else { name = ""; setPrompt("Your name"); show("Type your name."); }
        }
      }
    };
    ws.onclose = function () {
      ready = false;
      sayAgainNote();  // welcomed, then lost before any words: said before the loss
      if (switching) { switching = false; connect(); return; }  // between the lobby and a game
      if (fresh) { fresh = false; connect(); return; }
      if (!joined && !refused) {
        name = ""; setPrompt("Your name");
        unreachable();
      }
      if (refused || !joined) { refused = false; return; }
      if (tries === 0 && !told) show("The connection to the " + place + " was lost. Trying again.");
      const wait = retryWait(tries, Math.random);
      tries += 1;
      setTimeout(function () { again = true; connect(); }, wait);
    };
  }

  // Not let in: a server that cannot take the person (full) says why over HTTP (503, its reason as the body),
  // which a WebSocket cannot hear; asked once, and said, else the usual words.
  function unreachable() {
    const usual = "Error, the " + place + " could not be reached. Check that the " + place + " is on, then type your "
                  + "name again.";
    fetch(location.origin + "/full", {cache: "no-store"}).then(function (r) {
      if (r.status !== 503) { show(usual); return null; }
      return r.text().then(function (t) {
        const reason = t.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").trim().slice(0, 300);
        show(reason ? "Error, " + reason.charAt(0).toLowerCase() + reason.slice(1) : usual);
      });
    }).catch(function () { show(usual); });
  }

  // The lobby's messages: its answers are said; one that seats the person opens the game's own socket.
  function lobbyMessage(msg) {
    if (msg.type === "welcome" || msg.type === "say") account(msg);
    if (msg.type === "welcome") {
      joined = true; ready = true; tries = 0; titleState = ""; gameName = "";
      setTitle();
      if (again) { again = false; connectedAgain(); }
      if (typeof msg.token === "string" && /^[\x21-\x7e]{20,100}$/.test(msg.token)) lobbyToken = msg.token;
      marks = msg.secret_lines === true;
      setPrompt(msg.prompt || "lobby");
      // the lobby did every line up to last_line and keeps the answer of that one: it and any later go again
      const applied = isCount(msg.last_line) ? msg.last_line : 0;
      // a password on its way when the connection was lost is never sent again: if it came, its answer is asked
      // for by its number alone; if not, the lobby asks for it again
      if (secretId > 0 && applied >= secretId) ws.send(JSON.stringify({v: 1, type: "line", id: secretId, text: ""}));
      else if (secretId > 0) {
        show("The connection was lost while the password was on its way, so it was not sent again. Type it when the "
             + "server asks for it.");
      }
      secretId = 0;
      lobbyUnanswered = lobbyUnanswered.filter(function (l) { return l.id >= applied; });
      for (const line of lobbyUnanswered) ws.send(JSON.stringify({v: 1, type: "line", id: line.id, text: line.text}));
      lobbyId = Math.max(lobbyId, applied + 1);
    } else if (msg.type === "say") {
      if (typeof msg.reply === "number" && msg.reply > 0) {
        lobbyUnanswered = lobbyUnanswered.filter(function (l) { return l.id > msg.reply; });
        if (msg.reply >= secretId) secretId = 0;
      }
      if (msg.text) showSaid(msg.text);
      if (typeof msg.prompt === "string") setPrompt(msg.prompt);
      const go = msg.go;
      if (go && typeof go.game === "string" && /^[0-9a-f]{6,40}$/.test(go.game) && typeof go.code === "string"
          && /^\d{9}$/.test(go.code)) {
        code = go.code; path = "/g/" + go.game + "/ws"; inLobby = false;
        gamePass = typeof go.pass === "string" && /^[\x21-\x7e]{1,100}$/.test(go.pass) ? go.pass : "";
        // the game's name, as the lobby said it: printable, short, or none (the title then says "Game")
        gameName = typeof go.name === "string" && /^[^\u0000-\u001f\u007f-\u009f]{1,40}$/.test(go.name) ? go.name : "";
        const k = kept();
        seat = k ? k.seat : null; token = k ? k.token : null; seen = k ? k.seen : 0;
        game = k ? k.game : null; unanswered = k ? k.lines : []; nextId = 1; joined = false;
        switching = true; ws.close();
      }
    } else if (msg.type === "bye") {
      const reason = typeof msg.reason === "string" ? msg.reason : "";
      if (reason) { show(reason); told = true; }
      secret = false; fieldFor(false);
      if (/^Error[,:]/.test(reason)) { refused = true; name = ""; setPrompt("Your name"); show("Type your name."); }
    }
  }
  function toLobby() {
    notSent("you left the game");
    inLobby = true; code = ""; path = "/ws"; token = null; seat = null; game = null; joined = false;
    // where the seat is kept, and how to go back; the lobby's welcome back says its games
    const at = !gameName ? "the game" : (/game$/i.test(gameName) ? gameName : "the game " + gameName);
    show("You left " + at + ", and your seat is kept." + (gameName ? " Type sit " + gameName + " to go back." : ""));
    switching = true; ws.close();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    field.focus();  // Send pressed as a button (a click, or Space in browse mode): the next line goes in the field
    const text = field.value.trim();
    field.value = "";
    if (text) own(label.textContent, secret && inLobby ? "(not shown)" : text);
    if (lobbyMode && !name) {
      if (!text) { show("Error, no name was typed. Type your name, such as Ben."); return; }
      if (!/^[\p{L}\p{N} .'-]+$/u.test(text)) {
        show("Error, " + quote(text) + " cannot be a name. Type letters and digits, such as Ben."); return;
      }
      name = text.slice(0, 20); inLobby = true;
      show("Joining the lobby as " + name + ".");
      connect();
      return;
    }
    if (!code && !inLobby) {
      const digits = text.replace(/[\s-]/g, "");
      if (!text) { show("Error, no join code was typed. Type the 9 digits the host said."); return; }
      if (!/^\d{9}$/.test(digits)) {
        show("Error, " + quote(text) + " is not a join code. Type the 9 digits the host said."); return;
      }
      code = digits; setPrompt("Your name"); show("Type your name."); return;
    }
    if (!name) {
      if (!text) { show("Error, no name was typed. Type your name, such as Ben."); return; }
      if (!/^[\p{L}\p{N} .'-]+$/u.test(text)) {
        show("Error, " + quote(text) + " cannot be a name. Type letters and digits, such as Ben."); return;
      }
      name = text.slice(0, 20);
      const k = kept();
      seat = k ? k.seat : null; token = k ? k.token : null; seen = k ? k.seen : 0;
      game = k ? k.game : null; unanswered = k ? k.lines : []; nextId = 1;
      show("Joining as " + name + ".");
      connect();
      return;
    }
    if (!text) { show(label.textContent + "."); return; }  // a bare Enter: the prompt again, as the shell shows it
    if (!ready || !ws || ws.readyState !== WebSocket.OPEN) {
      if (secret && inLobby) {  // a password is never quoted, nor kept in the field
        show("Error, not connected to the " + place + ", so the password was not sent. Type it again once connected.");
        return;
      }
      field.value = text;  // kept: Enter sends it once connected
      show("Error, not connected to the " + place + ", so " + quote(text)
           + " was not sent. Press Enter to send it once connected.");
      return;
    }
    if (inLobby && secret) {  // sent once, marked; not kept to be sent again after a lost connection
      const line = {v: 1, type: "line", id: lobbyId, text: text};
      if (marks) line.secret = true;
      secretId = lobbyId;
      ws.send(JSON.stringify(line));
      lobbyId += 1;
      return;
    }
    if (inLobby) {
      lobbyUnanswered.push({id: lobbyId, text: text});
      ws.send(JSON.stringify({v: 1, type: "line", id: lobbyId, text: text}));
      lobbyId += 1;
      return;
    }
    if (lobbyMode && /^(quit|leave|exit)$/i.test(text)) { toLobby(); return; }
    const line = {id: nextId, text: text};
    nextId += 1;
    unanswered.push(line);
    keep();
    ws.send(JSON.stringify({v: 1, type: "line", id: line.id, text: text}));
  });
  if (lobbyMode) { setPrompt("Your name"); show("Welcome. Type your name, then press Enter."); }
  else show("Welcome. Type the join code the host said, then press Enter.");
  field.focus();
}());
