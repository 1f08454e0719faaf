/**
 * Saves a CSV the API answered as a file the browser downloads. The browser's decoder took the
 * byte-order mark off the answer; it goes back on, since Excel reads Bangla only with it.
 */
export function saveCsvFile(text: string, name: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(
    new Blob([`\uFEFF${text.replace(/^\uFEFF/, "")}`], { type: "text/csv;charset=utf-8" }),
  );
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
