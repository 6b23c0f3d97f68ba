"""Drive forged's /mcp with the official MCP Python SDK (`pip install mcp`).

Usage: python3 sdk_client.py URL TOKEN MODE   (MODE: legacy | auto)

Lists the tools, searches the recipe library and imports a recipe, then
prints one JSON line with what it saw. Exit status 0 only when every check
passed; the Swift test (MCPSDKTests) checks the printed facts too.
"""
import asyncio
import json
import sys

from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


async def main(url: str, token: str, mode: str) -> dict:
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    async with http:
        transport = streamable_http_client(url, http_client=http, terminate_on_close=False)
        async with Client(transport, mode=mode) as client:
            session = client.session
            era = "modern" if getattr(session, "discover_result", None) is not None else "legacy"
            tools = await client.list_tools()
            names = sorted(t.name for t in tools.tools)
            found = await client.call_tool("search_recipes", {"query": "salmon"})
            slugs = sorted(r["slug"] for r in found.structured_content["recipes"])
            imported = await client.call_tool("import_recipe", {
                "name": f"SDK Tomato Eggs ({mode})",
                "source_url": f"https://cook.example.org/sdk-{mode}",
                "kcal": 320, "protein_g": 20,
                "ingredients": [{"name": "eggs", "qty": 4, "unit": "x", "disp": "4"},
                                {"name": "cherry tomatoes", "qty": 200, "unit": "g", "disp": "200 g"}],
                "steps": [{"title": "Scramble", "detail": "Stir over a low heat. Done when just set."}],
            })
            out = imported.structured_content
            return {"mode": mode, "era": era, "tools": names, "search": slugs,
                    "imported": out["slug"], "complete": out["complete"], "is_error": imported.is_error}


if __name__ == "__main__":
    url, token, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    result = asyncio.run(main(url, token, mode))
    print(json.dumps(result))
    ok = ("search_recipes" in result["tools"] and "salmon-puy-lentils" in result["search"]
          and result["complete"] and not result["is_error"])
    sys.exit(0 if ok else 1)
