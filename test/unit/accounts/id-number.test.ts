import { describe, expect, it } from "vitest";
import { idNumberSchema, isValidIdNumber } from "../../../workers/contract/accounts";

describe("resident ID number (GB 11643-1999)", () => {
  it.each(["11010519491231002X", "11010519491231002x", "110101199003070476"])("accepts %s", (id) => {
    expect(isValidIdNumber(id)).toBe(true);
  });

  it.each([
    ["110105194912310021", "wrong check character"],
    ["99010519491231002X", "unknown province"],
    ["11010519491331002X", "month 13"],
    ["11010519490230002X", "30 February"],
    ["1101051949123100", "too short"],
    ["11010519491231002Y", "bad last character"],
    ["110105209912310028", "birth in the future"],
  ])("rejects %s (%s)", (id) => {
    expect(isValidIdNumber(id)).toBe(false);
  });

  it("gives the Chinese message and normalises a lower-case x", () => {
    expect(idNumberSchema.safeParse("110105194912310021").error?.issues[0].message).toBe("请输入正确的身份证号码");
    expect(idNumberSchema.parse(" 11010519491231002x ")).toBe("11010519491231002X");
    expect(idNumberSchema.parse("")).toBe("");
  });
});
