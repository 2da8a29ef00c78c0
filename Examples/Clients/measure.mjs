const base = process.env.GALLEY_URL ?? "http://127.0.0.1:8080";
async function measure(rows, width = 320) {
  const body = rows.map((row) => JSON.stringify(row) + "\n").join("");
  const response = await fetch(`${base}/v1/measure?width=${width}`,
    { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body });
  if (!response.ok) throw new Error((await response.json()).error);
  return (await response.text()).trim().split("\n").map((line) => JSON.parse(line));
}
for (const row of await measure([{ id: 1, text: "今天把测量接到了 Web 后端" }, { id: 2, text: "Hello, Galley" }]))
  console.log(row.id, row.height, row.lines);
