// The student page: the editor, the draft kept in this browser, Submit, the feedback as soon as
// it is graded, and the attempts so far. Every call carries the page's token (no cookie).
(function () {
  "use strict";
  const page = document.getElementById("page");
  const data = page.dataset;
  const textarea = document.getElementById("code");
  const button = document.getElementById("submit");
  const status = document.getElementById("status");
  const feedback = document.getElementById("feedback");
  const draftNote = document.getElementById("draft");
  const attemptsBody = document.querySelector("#attempts tbody");
  const attemptsStatus = document.getElementById("attempts-status");
  const allowanceNote = document.getElementById("allowance");
  const dueNote = document.getElementById("due");
  const refusalNote = document.getElementById("refusal");
  const headers = { Authorization: "Bearer " + data.token, "Content-Type": "application/json" };

  function loadDraft() {
    try { return window.localStorage.getItem(data.draftKey); } catch (e) { return null; }
  }
  function saveDraft(code) {
    try { window.localStorage.setItem(data.draftKey, code); draftNote.textContent = data.draftSaved; } catch (e) { /* storage off */ }
  }

  const draft = loadDraft();
  if (draft !== null) textarea.value = draft;
  let saveTimer = null;
  const onChange = (code) => { clearTimeout(saveTimer); saveTimer = setTimeout(() => saveDraft(code), 300); };
  const editor = window.AutograderEditor
    ? window.AutograderEditor.create(textarea, {
      onChange, onSubmit: submit, label: data.editorLabel, nonce: data.styleNonce, describedBy: "editor-hint",
    })
    : { getValue: () => textarea.value, markLine: () => {}, focus: () => textarea.focus() };
  if (!window.AutograderEditor) textarea.addEventListener("input", () => onChange(textarea.value));

  // A course policy refused the attempt (429 with its refusal): told by the page, not thrown.
  class Refused extends Error {
    constructor(refusal) { super(refusal.used); this.refusal = refusal; }
  }

  async function call(url, options) {
    const response = await fetch(url, Object.assign({ headers, cache: "no-store" }, options || {}));
    if (response.status === 401) throw new Error(data.expired);
    if (response.status === 429) throw await tooMany(response);
    if (!response.ok) throw new Error(data.unavailable);
    return response.json();
  }

  // A policy's refusal says how many attempts were used and from when; another 429 (the
  // platform's rate limit) says its own words.
  async function tooMany(response) {
    let body = {};
    try { body = await response.json(); } catch (e) { /* no body */ }
    if (body.refusal) return new Refused(body.refusal);
    return new Error(typeof body.detail === "string" ? body.detail : data.unavailable);
  }

  // Every time on the page in this browser's time zone (the student's), with the zone's name:
  // an hour for today, the day too for a later one.
  function nextTime(next, after) {
    const today = next.toDateString() === new Date().toDateString();
    const shown = { hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
    if (!today) Object.assign(shown, { weekday: "long", day: "numeric", month: "long" });
    const time = next.toLocaleString(document.documentElement.lang, shown);
    const label = today
      ? (after ? data.allowanceNext : data.allowanceNextOnly)
      : (after ? data.allowanceNextLater : data.allowanceNextOnlyLater);
    return label.replace("{time}", time);
  }

  // The due date, said in words when it has passed, with what an attempt sent now counts for.
  function showDue(dueAt, lateNow) {
    dueNote.hidden = dueAt === null;
    if (dueAt === null) return;
    const due = new Date(dueAt);
    const when = due.toLocaleString(document.documentElement.lang, { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
    dueNote.textContent = (due < Date.now() ? data.duePassed : data.due).replace("{when}", when) + (lateNow ? " " + lateNow : "");
  }

  // A refusal stays above the last feedback until its wait ends (for good when none is left).
  let refusalTimer = null;
  function showRefusal(refusal) {
    clearTimeout(refusalTimer);
    const next = refusal.next_at === null ? null : new Date(refusal.next_at);
    refusalNote.textContent = refusal.used + "; " + (next === null ? data.refusalNone : nextTime(next, true));
    if (next !== null) refusalTimer = setTimeout(clearRefusal, Math.max(next - Date.now(), 0) + 500);
  }
  function clearRefusal() {
    clearTimeout(refusalTimer);
    refusalNote.textContent = "";
  }

  // What the course's policy leaves: attempts left and the next allowed time, before Submit.
  // None left: Submit is off, and says why when it takes the focus.
  let allowanceTimer = null;
  let exhausted = false;
  async function refreshAllowance() {
    const found = await call(data.allowance);
    clearTimeout(allowanceTimer);
    showDue(found.due_at, found.late_now);
    allowanceNote.hidden = !found.limited;
    setExhausted(found.limited && found.exhausted);
    if (!found.limited) return;
    const parts = found.left_told === null ? [] : [found.left_told];
    if (found.next_at !== null) {
      const next = new Date(found.next_at);
      parts.push(nextTime(next, parts.length > 0));
      allowanceTimer = setTimeout(() => refreshAllowance().catch(() => {}), Math.max(next - Date.now(), 0) + 500);
    }
    allowanceNote.textContent = parts.join("; ");
  }

  // What a screen reader says when the feedback arrives: the score, then what went wrong or right,
  // in the fragment's own words (the status line is a live region; the fragment is not).
  const SAID = ".ag-score, .ag-error, .ag-diagnoses li, .ag-all-passed, .ag-not-run";
  function summary() {
    return [...feedback.querySelectorAll(SAID)].map((e) => e.textContent.replace(/\s+/g, " ").trim()).join(" ");
  }

  // The status line is seen while it says what the page shows nowhere else (grading, a problem)
  // and only heard when it reads the feedback below aloud.
  function say(words, seen) {
    status.textContent = words;
    status.classList.toggle("visually-hidden", !seen);
  }

  function show(attempt) {
    if (attempt.feedback_html === null) return false;
    place(attempt);
    say(summary(), false);  // heard, not seen twice: the feedback below shows it
    editor.markLine(attempt.error_line);
    return true;
  }
  function place(attempt) {
    feedback.innerHTML = attempt.feedback_html;  // rendered and escaped by the server
    // said once, by the status line: an alert inside the fragment would say it a second time
    feedback.querySelectorAll("[role=alert]").forEach((e) => e.removeAttribute("role"));
  }

  // On opening the page, the newest attempt's feedback is there to read again (not said aloud,
  // and its line not marked: the editor holds the draft, which may have moved on).
  async function showNewest(attempts) {
    const newest = attempts[0];
    if (!newest || feedback.childElementCount || !["done", "error"].includes(newest.status)) return;
    const attempt = await call(data.read.replace("ID", newest.id));
    if (attempt.feedback_html !== null && !feedback.childElementCount) place(attempt);
  }

  // While grading, Submit is aria-disabled, not disabled: a disabled button loses the focus (to
  // <body>), and a keyboard user would start again from the top of the page.
  // With no attempt left it stays aria-disabled, described by the line that says so.
  let grading = false;
  function setGrading(on) {
    grading = on;
    showButton();
  }
  function setExhausted(on) {
    exhausted = on;
    showButton();
  }
  function showButton() {
    if (grading || exhausted) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
    button.classList.toggle("exhausted", exhausted);
    if (exhausted) button.setAttribute("aria-describedby", "allowance");
    else button.removeAttribute("aria-describedby");
  }

  async function submit() {
    if (grading || exhausted || button.disabled) return;
    const code = editor.getValue();
    saveDraft(code);
    gradebookDelay = GRADEBOOK_FIRST_MS;  // a new score is on its way: follow it closely again
    setGrading(true);
    clearRefusal();
    say(data.pending, true);
    try {
      let attempt = await call(data.submit, { method: "POST", body: JSON.stringify({ code }) });
      while (!show(attempt)) {
        attempt = await call(data.read.replace("ID", attempt.id) + "?wait=10");
      }
      setGrading(false);  // the feedback is shown: a next try need not wait for the list below
      await refreshAttempts();
    } catch (error) {
      if (error instanceof Refused) {
        say("", false);
        showRefusal(error.refusal);
        refreshAllowance().catch(() => {});
      } else {
        say(error.message, true);
      }
    } finally {
      setGrading(false);
    }
  }

  // A score on its way to the LMS's gradebook: the attempts are read again, less and less often,
  // until none is waiting, so the page says when it arrived without a reload.
  const GRADEBOOK_FIRST_MS = 1000;
  const GRADEBOOK_LONGEST_MS = 30000;
  let gradebookDelay = GRADEBOOK_FIRST_MS;
  let gradebookTimer = null;
  function followGradebook(attempts) {
    clearTimeout(gradebookTimer);
    if (!attempts.some((attempt) => attempt.gradebook_state === "waiting")) {
      gradebookDelay = GRADEBOOK_FIRST_MS;
      return;
    }
    gradebookTimer = setTimeout(() => refreshAttempts().catch(() => {}), gradebookDelay);
    gradebookDelay = Math.min(gradebookDelay * 2, GRADEBOOK_LONGEST_MS);
  }

  // The list's change is said (a new attempt, a score reaching the gradebook), not its first reading.
  let newestSaid = null;
  function announceAttempts(count, newest) {
    if (newestSaid !== null && newest !== newestSaid) {
      attemptsStatus.textContent = data.attemptsUpdated.replace("{count}", count).replace("{newest}", newest);
    }
    newestSaid = newest;
  }

  async function refreshAttempts() {
    refreshAllowance().catch(() => {});
    const attempts = await call(data.attempts);
    followGradebook(attempts);
    attemptsBody.replaceChildren();
    if (attempts.length === 0) {
      const row = attemptsBody.insertRow();
      const cell = row.insertCell();
      cell.colSpan = document.querySelectorAll("#attempts thead th").length;
      cell.textContent = data.noAttempts;
      announceAttempts(0, "");
      return attempts;
    }
    attempts.forEach((attempt, index) => {
      const row = attemptsBody.insertRow();
      const when = new Date(attempt.created_at).toLocaleString(document.documentElement.lang);
      // as the feedback writes it (Python's %g): 11.11/100 in both, never 11 in one
      let score = attempt.score === null ? "…" : Number(attempt.score.toPrecision(6)) + "/100";
      if (attempt.late_text !== null) score += " (" + attempt.late_text + ")";  // what a late one counts for
      const cells = [String(attempts.length - index), when, attempt.status_text, score];
      if (attempt.gradebook !== null) cells.push(attempt.gradebook);  // launched from an LMS
      cells.forEach((text) => {
        row.insertCell().textContent = text;
      });
      if (index === 0) announceAttempts(attempts.length, cells.join(", "));
    });
    return attempts;
  }

  // A display formula or a table wider than the page scrolls sideways in a box of its own; the box
  // takes the focus (and so the arrow keys) only while it scrolls, named so that a screen reader
  // says what it is.
  function reachableBoxes() {
    const formulas = [...document.querySelectorAll('.statement math[display="block"]')].map((math) => {
      const box = document.createElement("div");
      box.className = "formula";
      math.replaceWith(box);
      box.append(math);
      return box;
    });
    const tables = [...document.querySelectorAll(".statement .table-scroll")];
    const named = [...formulas.map((box) => [box, data.formula]), ...tables.map((box) => [box, data.table])];
    const measure = () => named.forEach(([box, label]) => {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls) {
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", label);
      } else {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
    measure();
    window.addEventListener("resize", measure);
  }

  // Framed by its platform: ask it to fit the frame to the page (lti.frameResize, which Canvas and
  // Sakai honour, others ignore), so that a student scrolls one page, not a page inside a page.
  // Told only to the origin allowed to frame the page.
  function fitFrame() {
    if (window.parent === window || !data.frameOrigin || !window.ResizeObserver) return;
    let told = 0;
    const tell = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === told) return;
      told = height;
      window.parent.postMessage(JSON.stringify({ subject: "lti.frameResize", height }), data.frameOrigin);
    };
    new ResizeObserver(() => requestAnimationFrame(tell)).observe(document.documentElement);
  }

  reachableBoxes();
  button.addEventListener("click", submit);
  button.disabled = false;  // rendered disabled: a click before this script ran would be lost
  fitFrame();
  refreshAttempts().then(showNewest).catch((error) => say(error.message, true));
})();
