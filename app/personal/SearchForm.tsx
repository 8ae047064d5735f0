// A GET search form (?q=): works without JavaScript, keeps the other parameters, resets the page.
import { Form, useLocation } from "react-router";

export function SearchForm({ value, label, placeholder, keep = [] }: { value: string; label: string; placeholder: string; keep?: string[] }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <Form method="get" className="personal-search" role="search">
      {keep.map((k) => (params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null))}
      <label className="visually-hidden" htmlFor="personal-search">
        {label}
      </label>
      <input id="personal-search" className="ant-input" name="q" defaultValue={value} placeholder={placeholder} maxLength={100} type="search" />
      <button type="submit" className="ant-btn ant-btn-primary ant-btn-color-primary ant-btn-variant-solid">
        搜索
      </button>
    </Form>
  );
}
