import json, os, urllib.request

def measure(rows, width=320, base=os.environ.get("GALLEY_URL", "http://127.0.0.1:8080")):
    body = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode()
    request = urllib.request.Request(f"{base}/v1/measure?width={width}", data=body,
                                     headers={"Content-Type": "application/x-ndjson"})
    with urllib.request.urlopen(request) as response:  # HTTPError carries {"error": "…"} for 4xx/5xx
        return [json.loads(line) for line in response]

for row in measure([{"id": 1, "text": "今天把测量接到了 Web 后端"}, {"id": 2, "text": "Hello, Galley"}]):
    print(row["id"], row["height"], row["lines"])
