// drumhead: the connection every page of a hosted game shares (no build step, no library).
// It opens the page's WebSocket, says the host run and the last event number it has (kept in
// sessionStorage, so a page reloaded mid-game resumes where it was), keeps what the host
// sends, reconnects by itself, and says when what is shown may be stale.
"use strict";

const Table = (() => {
  const key = "drumhead:" + location.pathname;
  const kept = JSON.parse(sessionStorage.getItem(key) || "{}");
  const state = {
    host: kept.host || null,
    n: kept.n || 0,
    view: null,
    lines: kept.lines || [],
    role: null,
    connected: false,
    heard: 0,
  };
  const waiting = new Map();
  let socket = null;
  let tries = 0;
  let listeners = [];

  function keep() {
    sessionStorage.setItem(
      key,
      JSON.stringify({ host: state.host, n: state.n, lines: state.lines.slice(-50) })
    );
  }

  function addLine(line) {
    const last = state.lines[state.lines.length - 1];
    if (!last || line.n > last.n) state.lines.push(line);
    if (state.lines.length > 200) state.lines.splice(0, state.lines.length - 200);
  }

  function heard(message) {
    state.heard = Date.now();
    const kind = message.type;
    if (kind === "welcome") state.role = message.role;
    if (["reset", "catchup", "update", "view"].includes(kind)) {
      if (kind === "reset") state.lines = [];
      state.host = message.host;
      (message.lines || []).forEach(addLine);
      if (message.line) addLine(message.line);
      state.n = message.n;
      state.view = message.view;
      keep();
    }
    if (kind === "answer" && message.view) state.view = message.view;
    if (message.id !== undefined && waiting.has(message.id)) {
      const done = kind !== "answer" || message.status !== "waiting";
      const entry = waiting.get(message.id);
      if (done) {
        waiting.delete(message.id);
        entry.resolve(message);
      } else {
        entry.acked = true; // it is waiting for the referee: no need to send it again
        if (entry.progress) entry.progress(message);
      }
    }
    listeners.forEach((f) => f(message));
  }

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
      location.pathname + "/ws";
    socket = new WebSocket(url);
    socket.onopen = () => {
      tries = 0;
      state.connected = true;
      const hello = { type: "hello" };
      if (state.host) { hello.host = state.host; hello.since = state.n; }
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => heard(JSON.parse(event.data));
    socket.onclose = () => {
      state.connected = false;
      listeners.forEach((f) => f({ type: "disconnected" }));
      tries += 1;
      setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(tries, 5)));
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  function newId() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random());
  }

  // a message with an id, answered once (a proposal: once decided; progress: on the way)
  function request(message, progress) {
    message.id = message.id || newId();
    return new Promise((resolve) => {
      const entry = { resolve, progress, acked: false };
      waiting.set(message.id, entry);
      const again = () => {
        if (waiting.has(message.id) && !entry.acked) { send(message); setTimeout(again, 5000); }
      };
      if (!send(message)) setTimeout(again, 1000); else setTimeout(again, 5000);
    });
  }

  function command(doing, fields) {
    return request(Object.assign({ type: "command", do: doing, against: state.n }, fields || {}));
  }

  // how fresh the page is: "live", or since when it heard nothing
  function freshness() {
    if (state.connected && state.view) return { stale: false, text: "live" };
    const when = state.heard ? new Date(state.heard).toLocaleTimeString() : "never";
    return { stale: true, text: "reconnecting… last heard " + when };
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
    });
    append(node, children);
    return node;
  }

  // put children (nested lists, text, nothing) in a node, in place of what it held
  function fill(node, ...children) {
    node.replaceChildren();
    return append(node, children);
  }

  function append(node, children) {
    children.flat(Infinity).forEach((c) => {
      if (c === null || c === undefined || c === false) return;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    });
    return node;
  }

  function onMessage(f) { listeners.push(f); }

  return { state, connect, send, request, command, freshness, el, fill, onMessage };
})();
