"""Browsable API docs drawn by Paddock from the OpenAPI document: every
operation with its parameters and response fields, and a form to try it.
Served from Paddock's own template and script (no CDN), so the docs work
offline, unlike the library's default page which loads Swagger UI from a CDN."""

from __future__ import annotations

from typing import Any

from django.shortcuts import render
from django.utils.translation import gettext as _
from ninja.openapi.docs import DocsBase


def _type_of(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " or ".join(_type_of(s) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return _("list of %(type)s") % {"type": _type_of(schema.get("items", {}))}
    if schema.get("type") == "object":
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return _("map of %(type)s") % {"type": _type_of(extra)}
        return _("object")
    return schema.get("format") or schema.get("type", "any")


def _body(op: dict) -> str:
    schema = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    return _type_of(schema.get("schema", {})) if schema else ""


def _token(op: dict, document: dict) -> str:
    """What token a write needs, in the scheme's own words."""
    schemes = document.get("components", {}).get("securitySchemes", {})
    names = [name for needs in op.get("security", []) for name in needs]
    if not names:
        return ""
    said = [schemes.get(name, {}).get("description", "") for name in names]
    return " ".join([*said, op.get("description", "")]).strip()


def operations(document: dict) -> list[dict]:
    out = []
    for path, methods in document.get("paths", {}).items():
        for method, op in methods.items():
            params = [
                {
                    "name": p["name"],
                    "where": p["in"],
                    "required": p.get("required", False),
                    "type": _type_of(p.get("schema", {})),
                    "default": p.get("schema", {}).get("default"),
                }
                for p in op.get("parameters", [])
            ]
            responses = []
            for status, answer in op.get("responses", {}).items():
                schema = answer.get("content", {}).get("application/json", {}).get("schema", {})
                responses.append({"status": status, "type": _type_of(schema) if schema else ""})
            out.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "tag": (op.get("tags") or [""])[0],
                    "params": params,
                    "responses": responses,
                    "anchor": op.get("operationId", path),
                    "body": _body(op),
                    "token": _token(op, document),
                    "write": method != "get",
                }
            )
    return out


def components(document: dict) -> list[dict]:
    schemas = document.get("components", {}).get("schemas", {})
    return [
        {
            "name": name,
            "fields": [
                {
                    "name": field,
                    "type": _type_of(spec),
                    "required": field in schema.get("required", []),
                    "description": spec.get("description", ""),
                }
                for field, spec in schema.get("properties", {}).items()
            ],
        }
        for name, schema in sorted(schemas.items())
    ]


class PaddockDocs(DocsBase):
    def render_page(self, request, api, **kwargs):
        document = api.get_openapi_schema(path_params=kwargs)
        context = {
            "api": api,
            "document": document,
            "openapi_url": self.get_openapi_url(api, kwargs),
            "operations": operations(document),
            "components": components(document),
        }
        return render(request, "api_docs.html", context)
