// The upload widget's checks before any byte is sent (one file ≤ 10 MB, PDF/JPG/PNG; a message for each refusal).
import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "@contract/constants";
import { checkSelection, isRetryableStatus, refusesFile, UPLOAD_MESSAGES, UploadError } from "./upload";

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

describe("checkSelection", () => {
  it("takes one PDF, JPG or PNG up to 10485760 bytes", () => {
    for (const f of [file("a.pdf", 10, "application/pdf"), file("b.jpg", 10, "image/jpeg"), file("c.png", UPLOAD_MAX_BYTES, "image/png")]) {
      expect(checkSelection([f], null)).toEqual({ file: f });
    }
  });
  it("refuses more than one file, a file too large, a wrong type and the same file twice, with the widget's messages", () => {
    const a = file("a.pdf", 10, "application/pdf");
    expect(checkSelection([a, file("b.pdf", 10, "application/pdf")], null)).toEqual({ error: UPLOAD_MESSAGES.tooMany });
    expect(checkSelection([file("big.png", UPLOAD_MAX_BYTES + 1, "image/png")], null)).toEqual({
      error: "big.png exceeds maximum allowed size of 10 MB",
    });
    expect(checkSelection([file("notes.txt", 5, "text/plain")], null)).toEqual({ error: "You can only upload: PDF, JPG, PNG" });
    expect(checkSelection([file("photo.gif", 5, "image/gif")], null)).toEqual({ error: "You can only upload: PDF, JPG, PNG" });
    expect(checkSelection([file("a.pdf", 10, "application/pdf")], a)).toEqual({ error: "Cannot add the duplicate file 'a.pdf', it already exists" });
    expect(checkSelection([], null)).toHaveProperty("error");
  });
  it("falls back to the file name when the phone gives a photo no type", () => {
    expect(checkSelection([file("IMG_0001.JPG", 10, "")], null)).toHaveProperty("file");
    expect(checkSelection([file("IMG_0001.heic", 10, "")], null)).toEqual({ error: UPLOAD_MESSAGES.wrongType });
  });
});

describe("after a failed upload", () => {
  it("retries by itself only what may pass in seconds: not a full store (507) or an answer such as 429", () => {
    expect([500, 502, 503, 504, 408].every(isRetryableStatus)).toBe(true);
    expect([507, 400, 401, 403, 409, 410, 413, 415, 429].some(isRetryableStatus)).toBe(false);
  });
  it("drops the file only when the server refused the file itself; storage full or unreachable keeps it for Retry", () => {
    expect(refusesFile(new UploadError("File is too large. The maximum size is 10 MB.", false, 413))).toBe(true);
    expect(refusesFile(new UploadError("Only PDF, JPG or PNG files can be uploaded.", false, 415))).toBe(true);
    expect(refusesFile(new UploadError("Storage is full — please try again later", false, 507))).toBe(false);
    expect(refusesFile(new UploadError("File storage can't be reached right now — please try again in a minute", true, 503))).toBe(false);
    expect(refusesFile(new UploadError("Failed to upload a.pdf", true))).toBe(false);
  });
});
