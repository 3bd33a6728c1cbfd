// The student page's editor: CodeMirror 6 with Python highlighting, 4-space indentation,
// Tab to indent (after Escape, Tab and Shift-Tab leave the editor), Ctrl/Cmd-Enter to submit, and
// one line marked as the error's. Exposed as window.AutograderEditor.create(textarea, options).
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { python } from "@codemirror/lang-python";

const markLine = StateEffect.define();
const errorLine = Decoration.line({ class: "ag-error-line" });

const errorField = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    // An edit clears the mark: the line it named may no longer be the one in error.
    marks = transaction.docChanged ? Decoration.none : marks;
    for (const effect of transaction.effects) {
      if (effect.is(markLine)) {
        const line = effect.value;
        const doc = transaction.state.doc;
        marks = line && line >= 1 && line <= doc.lines
          ? Decoration.set([errorLine.range(doc.line(line).from)])
          : Decoration.none;
      }
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// Escape lets Tab leave the editor until the student types again or comes back to it. CodeMirror's
// own Escape lasts two seconds: too short for someone who reads the hint first, or types slowly.
const MODIFIERS = ["Tab", "Shift", "Control", "Alt", "Meta", "Escape"];

function leaveOnEscape() {
  let escaped = false;
  const indentAgain = (view) => {
    if (escaped) view.setTabFocusMode(false);
    escaped = false;
    return false;
  };
  return EditorView.domEventHandlers({
    keydown(event, view) {
      if (event.key === "Escape") {
        escaped = true;
        view.setTabFocusMode(true);
        return false;
      }
      return MODIFIERS.includes(event.key) ? false : indentAgain(view);
    },
    focus: (_, view) => indentAgain(view),
  });
}

function create(textarea, options = {}) {
  const onChange = options.onChange || (() => {});
  const onSubmit = options.onSubmit || (() => {});
  const view = new EditorView({
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        indentOnInput(),
        bracketMatching(),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        python(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        errorField,
        keymap.of([
          { key: "Mod-Enter", run: () => { onSubmit(); return true; } },
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        leaveOnEscape(),
        // The hint (how to leave, how to submit) is read on entering, before Tab is held.
        EditorView.contentAttributes.of({
          "aria-label": options.label || "Code",
          tabindex: "0",  // a Tab stop as any control is: the box it scrolls in is reachable
          ...(options.describedBy ? { "aria-describedby": options.describedBy } : {}),
        }),
        // The page's Content-Security-Policy admits the editor's own style element by this nonce.
        EditorView.cspNonce.of(options.nonce || ""),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  textarea.hidden = true;
  textarea.insertAdjacentElement("afterend", view.dom);
  return {
    getValue: () => view.state.doc.toString(),
    setValue: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    markLine: (line) => {
      view.dispatch({ effects: markLine.of(line) });
      if (line && line <= view.state.doc.lines) {
        view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(line).from, { y: "center" }) });
      }
    },
    focus: () => view.focus(),
  };
}

window.AutograderEditor = { create };
