// The Q&A search box (a plain GET form: Enter or the button submits, also without JavaScript) and 我要提问.
import { Button } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { SEARCH_MAX } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { ensureLogin } from "../client";

export function SearchBar({ defaultValue = "" }: { defaultValue?: string }) {
  const { viewer } = useRootData();
  return (
    <div className="qa-searchbar">
      <form className="qa-search" method="get" action="/energySavingQA" role="search">
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
        />
        <button type="submit" className="qa-search__button">
          <SearchOutlined aria-hidden="true" /> 搜索
        </button>
      </form>
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
