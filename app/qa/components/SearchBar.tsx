// The Q&A search box (a plain GET form: Enter or the button submits, also without JavaScript) and 我要提问.
// With JavaScript, questions are suggested while typing (question/suggest, the search's own matching) in an
// ARIA combobox list: arrow keys move, Enter opens the highlighted question, Escape closes.
import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import {
  SEARCH_MAX,
  type QuestionSuggestion,
} from "../../../workers/contract/qa-constants";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { useRootData } from "../../lib/use-root-data";
import { detailHref, ensureLogin } from "../client";

const SUGGEST_DELAY_MS = 250;

function useSuggestions(text: string) {
  const [items, setItems] = useState<QuestionSuggestion[]>([]);
  const seq = useRef(0);
  useEffect(() => {
    const q = text.trim();
    const mine = ++seq.current;
    if (!q) {
      setItems([]);
      return;
    }
    const t = setTimeout(async () => {
      const res = await call((o) => client.api.qa.question.suggest.$get({ query: { q } }, o), { silent: true });
      // Only the answer to the latest text counts (an earlier, slower answer must not replace it).
      if (mine === seq.current)
        setItems(res.code === OK && res.data ? res.data : []);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);
  return [items, setItems] as const;
}

export function SearchBar({ defaultValue = "" }: { defaultValue?: string }) {
  const { viewer } = useRootData();
  // The input stays uncontrolled (text typed before hydration is kept); the state only drives the suggestions.
  const [text, setText] = useState(defaultValue);
  const [typed, setTyped] = useState(false);
  const [items, setItems] = useSuggestions(typed ? text : "");
  const [active, setActive] = useState(-1);
  const open = items.length > 0;
  const close = () => {
    setItems([]);
    setActive(-1);
  };
  return (
    <div className="qa-searchbar">
      <div className="qa-search-wrap">
        <form
          className="qa-search"
          method="get"
          action="/energySavingQA"
          role="search"
          onSubmit={close}
        >
          <label htmlFor="qa-search-input" className="visually-hidden">
            搜索问题
          </label>
          <input
            id="qa-search-input"
            className="qa-search__input"
            type="search"
            name="questionTitle"
            defaultValue={defaultValue}
            maxLength={SEARCH_MAX}
            placeholder="搜索你感兴趣的节能问题，如：电机、空压机、余热回收"
            autoComplete="off"
            role="combobox"
            aria-expanded={open}
            aria-controls="qa-suggest"
            aria-autocomplete="list"
            aria-activedescendant={
              open && active >= 0 ? `qa-suggest-${items[active].id}` : undefined
            }
            onChange={(e) => {
              setText(e.target.value);
              setTyped(true);
              setActive(-1);
            }}
            onBlur={() => setTimeout(close, 150)}
            onKeyDown={(e) => {
              if (!open) return;
              if (e.key === "ArrowDown" || e.key === "ArrowUp") {
                e.preventDefault();
                const step = e.key === "ArrowDown" ? 1 : -1;
                // -1 is the typed text itself; the list wraps around through it.
                setActive((i) => {
                  const next = i + step;
                  return next >= items.length
                    ? -1
                    : next < -1
                    ? items.length - 1
                    : next;
                });
              } else if (
                e.key === "Enter" &&
                active >= 0 &&
                active < items.length
              ) {
                e.preventDefault();
                window.location.assign(detailHref(items[active].id));
              } else if (e.key === "Escape") {
                // Close the list only; the search input's own Escape would also clear the text.
                e.preventDefault();
                close();
              }
            }}
          />
          <button type="submit" className="qa-search__button">
            <SearchOutlined aria-hidden="true" /> 搜索
          </button>
        </form>
        {open && (
          <ul
            id="qa-suggest"
            className="qa-suggest"
            role="listbox"
            aria-label="相关问题"
          >
            {items.map((s, i) => (
              <li
                key={s.id}
                id={`qa-suggest-${s.id}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? "is-active" : undefined}
              >
                <a
                  href={detailHref(s.id)}
                  tabIndex={-1}
                  dangerouslySetInnerHTML={{ __html: s.highlightTitle }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button
        type="primary"
        size="large"
        className="qa-ask"
        href="/questions"
        onClick={(e) => {
          if (!ensureLogin(viewer, "/questions")) e.preventDefault();
        }}
      >
        我要提问
      </Button>
    </div>
  );
}
