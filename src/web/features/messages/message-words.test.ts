import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MESSAGE_WORDS } from "@contract/schemas/message";
import { ApiError } from "../../lib/api";
import { bodyProblem, counterText, sendErrorText, sendsOnKey } from "./message-words";
import { MessageItem } from "./thread-view";

describe("the send box's words", () => {
  it("counts characters against 2,000", () => {
    expect(counterText(0)).toBe("0 / 2,000 characters");
    expect(counterText(1999)).toBe("1,999 / 2,000 characters");
  });

  it("refuses what the server would refuse, in the contract's words", () => {
    expect(bodyProblem("")).toBe(MESSAGE_WORDS.bodyEmpty);
    expect(bodyProblem("   \n ")).toBe(MESSAGE_WORDS.bodyEmpty);
    expect(bodyProblem("x".repeat(2001))).toBe(MESSAGE_WORDS.bodyTooLong);
    expect(bodyProblem("bell\u0007")).toBe(MESSAGE_WORDS.bodyControl);
    expect(bodyProblem("x".repeat(2000))).toBeNull();
    expect(bodyProblem("Is there a crane on site?\nThanks")).toBeNull();
  });

  it("shows the server's words for a 400 and 'too many' for a 429", () => {
    expect(sendErrorText(new ApiError(400, JSON.stringify({ error: MESSAGE_WORDS.bodyTooLong })))).toBe(MESSAGE_WORDS.bodyTooLong);
    expect(sendErrorText(new ApiError(429, JSON.stringify({ error: MESSAGE_WORDS.tooMany })))).toBe(MESSAGE_WORDS.tooMany);
    expect(sendErrorText(new ApiError(429, "Too Many Requests"))).toBe(MESSAGE_WORDS.tooMany);
    expect(sendErrorText(new TypeError("Failed to fetch"))).toMatch(/could not be sent/);
  });

  it("Enter sends, Shift+Enter and composing do not", () => {
    expect(sendsOnKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: "a", shiftKey: false })).toBe(false);
  });
});

describe("a message on screen", () => {
  it("is plain text: markup is shown as typed, never rendered, and line breaks are kept", () => {
    const html = renderToStaticMarkup(
      createElement(MessageItem, {
        own: false,
        message: {
          id: "m1",
          loadId: "L1",
          companyId: "c1",
          authorId: "u1",
          authorName: "<b>Sam</b>",
          authorRole: "carrier",
          body: "<script>alert(1)</script>\n<b>bold</b>",
          createdAt: "2026-11-23T09:00:00.000Z",
        },
      }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;\n&lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain("&lt;b&gt;Sam&lt;/b&gt;");
    expect(html).toContain("whitespace-pre-wrap");
    expect(html).toContain("Mon 23 Nov 2026, 09:00");
  });
});
