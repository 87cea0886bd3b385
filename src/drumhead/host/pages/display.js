// drumhead: the display (a TV everyone at the table reads). Shows what the host sends to a
// display: where the turn is, the card drawn, the last result with its odds and what it did,
// every unit's state by side, the luck so far, the latest lines of the log.
"use strict";

(() => {
  const { el, fill, state } = Table;
  const $ = (id) => document.getElementById(id);

  function percent(p) { return (p === null || p === undefined) ? "–" : p.toFixed(1) + "%"; }

  function showLast(last) {
    const box = $("last");
    fill(box);
    if (!last) { box.append(el("p", { class: "quiet" }, "No check rolled yet.")); return; }
    box.append(
      el("div", { class: "last-head" }, last.check, last.unit ? " · " + last.unit : ""),
      el("div", { class: "last-result" },
        el("span", { class: "dice" }, last.dice.map((faces) => faces.join(" ")).join(" | ")),
        el("span", { class: "outcome" }, last.text),
        last.hand ? el("span", { class: "hand" }, "dice rolled by hand") : null),
      el("ul", { class: "odds" }, last.odds.map((o) =>
        el("li", { class: o.this ? "this" : "" },
          el("span", { class: "bar", "data-p": o.percent }),
          el("span", { class: "label" }, o.outcome + (o.value !== null ? " " + o.value : "")),
          el("span", { class: "pct" }, percent(o.percent))))),
      el("ul", { class: "effects" }, last.effects.map((e) =>
        el("li", {}, e.text, e.unit ? " → " + e.unit : "")))
    );
    box.querySelectorAll(".bar").forEach((bar) => { bar.style.width = bar.dataset.p + "%"; });
  }

  function showSides(sides) {
    fill($("sides"), ...sides.map((side) =>
      el("div", { class: "side" },
        el("h2", {}, side.name),
        el("table", {}, el("tbody", {}, side.units.map((u) =>
          el("tr", { class: (u.removed ? "removed " : "") + (u.shaken ? "shaken" : "") },
            el("td", { class: "name" }, u.name),
            el("td", { class: "strength" },
              el("span", { class: "meter" }, el("span", { class: "fill", "data-p": u.strength_start ? Math.round(100 * u.strength / u.strength_start) : 0 })),
              " " + u.strength + "/" + u.strength_start),
            el("td", { class: "state", title: u.state }, u.removed ? "out of play" : u.state_short),
            el("td", { class: "markers" }, u.markers_short.join(", ")))))))));
    document.querySelectorAll("#sides .fill").forEach((f) => { f.style.width = f.dataset.p + "%"; });
  }

  function showLuck(luck, waiting, picking) {
    fill($("luck"),
      picking ? el("div", { class: "waiting", id: "picking" }, "Waiting for " + picking.side_name + " to pick which unit takes: " + picking.text) : null,
      el("h3", {}, "Luck so far"),
      ...luck.map((s) => el("div", {}, s.name + ": " +
        (s.percentile === null ? "no checks yet" : s.percentile + " (50 is par) over " + s.checks + " checks"))),
      waiting ? el("div", { class: "waiting" }, waiting + " proposal(s) waiting for the referee") : null);
  }

  function paint() {
    const fresh = Table.freshness();
    $("status").textContent = fresh.text;
    document.body.classList.toggle("stale", fresh.stale);
    const v = state.view;
    if (!v) return;
    $("where").textContent = v.game + " · " + v.where;
    $("step").textContent = (v.step || "") + (v.acting ? " · " + v.acting + " acting" : "");
    const a = v.activation;
    $("card").textContent = a.kind === "cards"
      ? (a.current ? "Card: " + a.current : "No card drawn") + " · " + a.drawn + " of " + a.total + " drawn"
      : a.kind === "initiative" && a.current ? "Initiative: " + a.current + (a.first ? " · " + a.first + " first" : "") : "";
    showLast(v.last);
    showSides(v.sides);
    showLuck(v.luck, v.waiting, v.picking);
    fill($("log"), ...state.lines.slice(-4).reverse().map((x) =>
      el("li", {}, el("span", { class: "n" }, "#" + x.n), " " + x.text)));
  }

  Table.onMessage(paint);
  setInterval(paint, 2000);
  Table.connect();
})();
