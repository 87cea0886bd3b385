// drumhead: a side's phone. Its unit cards; a check proposed for a unit (the check, the
// opponent, the modifiers ticked, the exact odds as the host works them out, dice typed by
// hand or rolled by the host); the referee accepts or refuses it. A side that holds a group
// (a Republique assault) takes more units, up to its most; a roll whose effect falls on one
// unit of a group asks the side whose units they are which (picked here, or "Roll for it":
// the host's seeded dice, never the browser's). Every value shown comes from the host; the
// page sends commands, never states.
"use strict";

(() => {
  const { el, fill, state } = Table;
  const $ = (id) => document.getElementById(id);
  let ask = null;       // the check being filled in: {check, unit, roles: {role: [unit ids]}, values, modifiers}
  let shown = null;     // the host's answer for it (the form)
  let note = "";        // what became of the last thing sent
  let cardsOpen = null; // the values from the cards shown (null: as the form stands)

  function percent(p) { return p.toFixed(1) + "%"; }

  function unitName(unitId) {
    const unit = state.view.sides.flatMap((s) => s.units).find((u) => u.id === unitId);
    return unit ? unit.name : unitId;
  }

  function ownCard(unitId) {
    return (state.view.cards || []).find((c) => c.id === unitId) || {};
  }

  function paintCards(v) {
    const mine = v.sides.find((s) => s.id === v.side);
    fill($("cards"), ...(mine ? mine.units : []).map((u) => {
      const card = ownCard(u.id);
      return el("article", { class: "unit" + (u.shaken ? " shaken" : "") + (u.removed ? " removed" : ""), "data-unit": u.id },
        el("h3", {}, u.name),
        el("div", { class: "line" }, u.type + (card.quality ? " · " + card.quality : "") + (u.formation ? " · " + u.formation : "")),
        el("div", { class: "line big" }, u.strength + "/" + u.strength_start + " " + (v.strength_unit[u.id] || ""), " · ", u.removed ? "out of play" : u.state),
        u.markers.length ? el("div", { class: "line" }, "Markers: " + u.markers.join(", ")) : null,
        card.leader ? el("div", { class: "line" }, "Leader: " + card.leader.name + " (" + card.leader.value + ")") : null,
        (card.rows || []).map(([label, value]) => el("div", { class: "line" }, label + ": " + value)),
        u.removed ? null : el("button", { class: "check", onclick: () => openForm(u.id, card.morale_check) }, "Propose a check"));
    }));
  }

  function paintProposals(v) {
    const list = (v.proposals || []).slice(0, 6);
    fill($("proposals"),
      list.length ? el("h2", {}, "Your proposals") : null,
      ...list.map((p) => el("div", { class: "proposal " + p.status, "data-proposal": p.id },
        el("strong", {}, p.id + " · " + p.status), " ",
        p.check + (p.unit ? " for " + p.unit : ""),
        p.reason ? el("div", { class: "reason" }, p.reason) : null,
        p.status === "waiting" ? el("button", { onclick: () => withdraw(p.id) }, "Take back") : null)));
  }

  function paintWalk(v) {
    const buttons = [];
    if (v.walk) {
      const held = !!v.picking; // the turn waits for a pick (the host refuses it till then)
      buttons.push(el("button", { id: "next-step", disabled: held, onclick: () => walk("next_step") }, "Next step"));
      if (v.activation.kind === "cards" && v.activation.left) {
        buttons.push(el("button", { id: "draw", disabled: held, onclick: () => walk("draw") }, "Draw a card"));
      }
    }
    fill($("walk"), ...buttons, note ? el("div", { class: "note", id: "note" }, note) : null);
  }

  function paint() {
    const fresh = Table.freshness();
    $("status").textContent = fresh.text + (state.view && state.view.auto ? " · the host accepts your proposals" : "");
    document.body.classList.toggle("stale", fresh.stale);
    const v = state.view;
    if (!v) return;
    $("side").textContent = v.side_name;
    $("where").textContent = v.where + (v.step ? " · " + v.step : "") + (v.acting ? " · " + v.acting + " acting" : "");
    paintWalk(v);
    paintPick(v);
    paintProposals(v);
    paintCards(v);
    fill($("log"), ...state.lines.slice(-5).reverse().map((x) =>
      el("li", {}, el("span", { class: "n" }, "#" + x.n), " " + x.text)));
  }

  // -- which unit of a group takes an effect (the host asks; the answer is a command) -------
  function paintPick(v) {
    const box = $("pick");
    const q = v.pick;
    if (!q) {
      box.hidden = !v.picking;
      fill(box, v.picking ? el("p", { class: "waiting", id: "picking" },
        "Waiting for " + v.picking.side_name + " to pick which unit takes: " + v.picking.text) : null);
      return;
    }
    box.hidden = false;
    fill(box,
      el("h2", { id: "pick-title" }, "Which unit takes it?"),
      el("p", {}, q.text),
      el("p", { class: "quiet" }, q.role_title + (q.index ? " · pick " + (q.index + 1) : "")),
      q.so_far.length ? el("p", { class: "quiet", id: "so-far" }, "Picked so far (applied once every pick is given): " + q.so_far.join(", ")) : null,
      el("div", { class: "choices", role: "group", "aria-labelledby": "pick-title" },
        q.units.map(([id, line]) => el("button", { class: "choice", "data-pick": id, onclick: () => answerPick(q, id) }, line))),
      q.at_random ? el("div", { class: "roll" },
        el("button", { id: "pick-random", class: "secondary", onclick: () => answerPick(q, "random") }, "Roll for it"),
        el("div", { class: "quiet" }, "The rules say at random (" + q.at_random + "): the host's dice pick it.")) : null);
  }

  async function answerPick(q, unit) {
    $("pick").querySelectorAll("button").forEach((b) => { b.disabled = true; });
    const answer = await Table.command("pick", { proposal: q.proposal, unit, index: q.index });
    note = answer.ok ? (unit === "random" ? "Rolled for it." : "Picked.") : "Refused: " + answer.reason;
    paint();
  }

  async function walk(doing) {
    const answer = await Table.command(doing);
    note = answer.ok ? "Done." : "Refused: " + answer.reason;
    paint();
  }

  async function withdraw(pid) {
    const answer = await Table.command("withdraw", { proposal: pid });
    note = answer.ok ? "Taken back." : "Refused: " + answer.reason;
    paint();
  }

  // -- the check being filled in -----------------------------------------------------------
  // the units picked for a side as the host has them (the form's own, before any is sent)
  function sideUnits(r) { return r.units.map(([id]) => id); }

  function setHead(r, unit) {
    if (!unit) { delete ask.roles[r.id]; refresh(); return; }
    ask.roles[r.id] = [unit, ...sideUnits(r).slice(1).filter((u) => u !== unit)];
    refresh();
  }

  function addUnit(r, unit) {
    if (!unit) return;
    ask.roles[r.id] = [...sideUnits(r), unit];
    refresh();
  }

  function removeUnit(r, unit) {
    ask.roles[r.id] = sideUnits(r).filter((u) => u !== unit);
    refresh();
  }

  // a side that holds a group: its units (each but the first may be taken out) and one more
  function groupBox(r, title) {
    if (!r || r.max <= 1 || !r.units.length) return null;
    const units = r.units;
    const full = units.length >= r.max;
    const adder = "add-" + r.id;
    return el("fieldset", { class: "group", "data-role": r.id },
      el("legend", {}, title + " (" + units.length + " of at most " + r.max + ")"),
      el("ul", { class: "members" }, units.map(([id, name], i) => el("li", { "data-member": id },
        name, i === 0 ? el("span", { class: "quiet" }, " (its card fills the side's values)")
          : el("button", { class: "secondary small", "aria-label": "Take " + name + " out of " + title, onclick: () => removeUnit(r, id) }, "Take out")))),
      full ? el("div", { class: "quiet" }, "The side is full.")
        : r.add.length ? el("div", { class: "add" },
          el("label", { for: adder }, "Another unit "),
          el("select", { id: adder }, [["", "(choose)"], ...r.add].map(([v, text]) => el("option", { value: v }, text))),
          el("button", { id: "add-button-" + r.id, onclick: () => addUnit(r, $(adder).value) }, "Add"))
        : el("div", { class: "quiet" }, "No other unit may join this side."));
  }

  function openForm(unit, check) {
    ask = { unit, check, roles: {}, values: {}, modifiers: {} };
    cardsOpen = null;
    refresh();
  }

  async function refresh() {
    const answer = await Table.request(Object.assign({ type: "form" }, ask));
    if (!answer.ok) { shown = null; note = answer.reason; paintForm(answer.reason); return; }
    shown = answer.form;
    ask.check = shown.check;
    paintForm(null);
  }

  function paintForm(problem) {
    const box = $("form");
    box.hidden = false;
    if (!shown) { fill(box, el("p", { class: "problem" }, problem), closeButton()); return; }
    const f = shown;
    const pick = (options, value, onchange, id) => el("select", { id, onchange: (e) => onchange(e.target.value) },
      options.map(([v, text]) => el("option", { value: v, selected: v === value }, text)));
    fill(box,
      el("h2", {}, f.title + (f.unit ? " · " + unitName(f.unit) : "")),
      el("label", {}, "Check ", pick(f.checks.map((c) => [c.id, c.title]), f.check, (v) => { ask = { unit: ask.unit, check: v, roles: {}, values: {}, modifiers: {} }; refresh(); }, "check")),
      f.own ? groupBox(f.own, f.own.title) : null,
      f.roles.map((r) => [el("label", {}, r.title + " ",
        pick([["", "(none)"], ...r.choices], r.unit || "", (v) => setHead(r, v), "role-" + r.id)),
        groupBox(r, r.title)]),
      f.inputs.filter((i) => !fromCard(i)).map(inputField),
      cardValues(f),
      el("fieldset", {}, el("legend", {}, "Modifiers"),
        f.modifiers.length ? null : el("div", { class: "quiet" }, "none on offer"),
        f.modifiers.map((m) => el("label", { class: "tick" },
          el("input", { type: "checkbox", id: "mod-" + m.id, checked: m.count > 0, onchange: (e) => { if (e.target.checked) ask.modifiers[m.id] = 1; else delete ask.modifiers[m.id]; refresh(); } }),
          " " + m.label,
          m.countable && m.count > 0 ? el("input", { type: "number", min: 1, max: 99, value: m.count, class: "count", onchange: (e) => { ask.modifiers[m.id] = Math.max(1, Math.min(99, parseInt(e.target.value, 10) || 1)); refresh(); } }) : null)),
        f.automatic.map((m) => el("div", { class: "auto" }, m.label + " " + (m.value >= 0 ? "+" : "") + m.value + (m.explain ? " (" + m.explain + ")" : "")))),
      f.cards.length ? el("div", { class: "quiet" }, f.cards.join(" · ")) : null,
      el("div", { class: "needed" }, f.blocked || f.needed),
      el("ul", { class: "odds", id: "odds" }, f.odds.map((o) => el("li", {}, el("span", { class: "label" }, o.outcome + (o.value !== null ? " " + o.value : "")), el("span", { class: "pct" }, percent(o.percent))))),
      el("fieldset", { class: "dice" }, el("legend", {}, "Dice" + (f.dice ? " (" + f.dice + ")" : "")),
        el("label", { class: "tick" }, el("input", { type: "radio", name: "who", id: "host-rolls", checked: true }), " the host rolls"),
        el("label", { class: "tick" }, el("input", { type: "radio", name: "who", id: "hand-rolled" }), " I rolled: ",
          el("input", { id: "faces", inputmode: "numeric", placeholder: "e.g. 7 or 3 5" }))),
      el("div", { class: "actions" },
        el("button", { id: "propose", disabled: !!f.blocked, onclick: propose }, "Propose"),
        closeButton()),
      problem ? el("p", { class: "problem" }, problem) : null);
  }

  // an input the cards answered (shown folded away: the players may still say otherwise)
  function fromCard(i) { return i.card && i.value !== null && i.value !== undefined; }

  function inputField(i) {
    const pick = (options, value, onchange, id) => el("select", { id, onchange: (e) => onchange(e.target.value) },
      options.map(([v, text]) => el("option", { value: v, selected: v === value }, text)));
    return el("label", {}, i.label + " ",
      i.type === "bool"
        ? el("input", { type: "checkbox", id: "input-" + i.name, checked: (i.value ?? i.default) === true, onchange: (e) => { ask.values[i.name] = e.target.checked; refresh(); } })
        : i.choices.length
        ? pick([["", "(choose)"], ...i.choices.map((c) => [c, c.replace(/_/g, " ")])], String(i.value ?? i.default ?? ""), (v) => { ask.values[i.name] = v; refresh(); }, "input-" + i.name)
        : el("input", { id: "input-" + i.name, value: i.value ?? i.default ?? "", onchange: (e) => { ask.values[i.name] = e.target.value; refresh(); } }),
      i.bad ? el("span", { class: "problem" }, i.bad) : null);
  }

  // the values the cards gave: a side of several units is read from its first unit's card,
  // so they open by themselves once a side holds more than one (its bases are the group's)
  function cardValues(f) {
    const read = f.inputs.filter(fromCard);
    if (!read.length) return null;
    const grouped = [f.own, ...f.roles].some((r) => r && r.units && r.units.length > 1);
    const box = el("details", { class: "card-values", id: "card-values", open: cardsOpen ?? grouped },
      el("summary", {}, "Values from the cards (" + read.length + ")" + (grouped ? ": a side of several units is read from its first unit's card" : "")),
      read.map(inputField));
    box.addEventListener("toggle", () => { cardsOpen = box.open; });
    return box;
  }

  function closeButton() {
    return el("button", { class: "secondary", onclick: () => { ask = null; shown = null; $("form").hidden = true; } }, "Close");
  }

  async function propose() {
    const hand = document.getElementById("hand-rolled").checked;
    let dice = null;
    if (hand) {
      const text = document.getElementById("faces").value.trim();
      if (!/^\d+([\s,]+\d+)*$/.test(text)) { paintForm("Type the faces rolled: whole numbers, e.g. 7 or 3 5"); return; }
      dice = text.split(/[\s,]+/).map((x) => parseInt(x, 10));
    }
    const sent = Object.assign({}, ask, { dice });
    $("form").hidden = true;
    note = "Proposed: waiting for the referee…";
    paint();
    const answer = await Table.command("propose", sent);
    note = answer.ok && answer.status === "accepted" ? "Accepted: " + (answer.reason || "rolled")
      : answer.status === "withdrawn" ? "Taken back." : "Refused: " + (answer.reason || "");
    ask = null;
    paint();
  }

  Table.onMessage(paint);
  setInterval(paint, 2000);
  Table.connect();
})();
