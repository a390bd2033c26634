import { escapeHtml } from '../../lib/html.ts';
import type { OpenApiDocument } from './openapi.ts';

/**
 * The API reference page: the OpenAPI document as plain HTML, readable without any tool, for
 * administrators and integrators. No script: every schema is written out as a list of fields.
 */

type JsonSchema = Record<string, unknown>;
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }>; 'x-events'?: Record<string, JsonSchema> }
  >;
};

const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

export function renderReference(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    METHODS.filter((method) => method in methods).map((method) => ({ path, method, operation: methods[method] as Operation })),
  );
  const sections = document.tags.map((tag) => {
    const inTag = operations.filter(({ operation }) => operation.tags.includes(tag.name));
    return `<section id="${escapeHtml(tag.name)}"><h2>${escapeHtml(title(tag.name))}</h2><p>${escapeHtml(tag.description)}</p>${inTag
      .map(({ path, method, operation }) => renderOperation(path, method, operation))
      .join('')}</section>`;
  });
  const contents = document.tags
    .map((tag) => {
      const items = operations
        .filter(({ operation }) => operation.tags.includes(tag.name))
        .map(
          ({ path, method, operation }) =>
            `<li><a href="#${escapeHtml(operation.operationId)}"><span class="m ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
        )
        .join('');
      return `<li><a href="#${escapeHtml(tag.name)}">${escapeHtml(title(tag.name))}</a><ul>${items}</ul></li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(document.info.title)} <small>version ${escapeHtml(document.info.version)}</small></h1>
<p>${prose(document.info.description)}</p>
<p>Base address: <code>${escapeHtml(document.servers[0]?.url ?? '/api')}</code>. Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Endpoints"><ul>${contents}</ul></nav>
<main>${sections.join('')}</main>
</body>
</html>`;
}

function renderOperation(path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${escapeHtml(
          typeOf(parameter.schema),
        )}${parameter.description ? ` \u2014 ${escapeHtml(parameter.description)}` : ''}</td></tr>`,
    )
    .join('');
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(([mediaType, { schema }]) => `<h4>Body <small>${escapeHtml(mediaType)}</small></h4>${renderSchema(schema)}`)
        .join('')
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {})
        .map(([mediaType, { schema }]) =>
          mediaType === 'application/json' && schema.$ref === '#/components/schemas/Error'
            ? ' <small>(the Error shape)</small>'
            : `<div class="media"><small>${escapeHtml(mediaType)}</small>${response['x-events'] ? '' : renderSchema(schema)}</div>`,
        )
        .join('');
      const events = Object.entries(response['x-events'] ?? {})
        .map(([name, schema]) => `<li><code>${escapeHtml(name)}</code>${renderSchema(schema)}</li>`)
        .join('');
      return `<li><strong>${escapeHtml(status)}</strong> ${prose(response.description)}${content}${events ? `<ul class="events">${events}</ul>` : ''}</li>`;
    })
    .join('');
  return `<article id="${escapeHtml(operation.operationId)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(operation.summary)}</p>
${operation.description
  .split('\n\n')
  .map((paragraph) => `<p>${prose(paragraph)}</p>`)
  .join('')}
${parameterRows ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>type</th></tr></thead><tbody>${parameterRows}</tbody></table>` : ''}
${body}
<h4>Answers</h4><ul class="responses">${responses}</ul>
</article>`;
}

/** A schema as nested lists of fields with their types. */
function renderSchema(schema: JsonSchema, depth = 0): string {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && depth < 6) {
    const required = new Set((schema.required ?? []) as string[]);
    const fields = Object.entries(properties)
      .map(([name, property]) => {
        const nested = objectInside(property);
        return `<li><code>${escapeHtml(name)}</code> <span class="t">${escapeHtml(typeOf(property))}</span>${required.has(name) ? '' : ' <span class="o">optional</span>'}${
          property.description ? ` \u2014 ${escapeHtml(String(property.description))}` : ''
        }${nested ? renderSchema(nested, depth + 1) : ''}</li>`;
      })
      .join('');
    return `<ul class="fields">${fields}</ul>`;
  }
  const nested = objectInside(schema);
  if (nested && depth < 6) return renderSchema(nested, depth + 1);
  return depth === 0 ? ` <span class="t">${escapeHtml(typeOf(schema))}</span>` : '';
}

/** The object a field holds, directly, as the items of a list, or as the non-null side of a union. */
function objectInside(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  const items = schema.items as JsonSchema | undefined;
  if (items?.properties) return items;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.map(objectInside).find(Boolean);
}

function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options) return options.map(typeOf).join(' | ');
  const type = schema.type;
  if (type === 'array') return `list of ${typeOf((schema.items ?? {}) as JsonSchema)}`;
  if (Array.isArray(type)) return type.join(' | ');
  if (schema.format === 'binary') return 'file';
  if (typeof type === 'string') return type === 'object' && !schema.properties ? 'object' : type;
  return 'any';
}

/** Description text, with `code` spans shown as code. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function title(tag: string): string {
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933;margin:0;display:grid;grid-template-columns:21rem 1fr;grid-template-rows:auto 1fr}
header{grid-column:1/3;padding:1.5rem 2rem;border-bottom:1px solid #e4e7eb;background:#f8fafc}
header h1{margin:0 0 .5rem;font-size:1.6rem}header small{font-weight:400;color:#616e7c;font-size:.9rem}
nav{padding:1rem;border-right:1px solid #e4e7eb;position:sticky;top:0;max-height:100vh;overflow:auto;font-size:13px}
nav ul{list-style:none;padding-left:.75rem;margin:.25rem 0}nav>ul{padding:0}nav li{margin:.1rem 0}nav a{color:#1f2933;text-decoration:none}nav ul ul a{display:flex;gap:.4rem;align-items:baseline;word-break:break-all}nav .m{flex:none}nav a:hover{text-decoration:underline}
main{padding:1rem 2rem 4rem;max-width:60rem}
section>h2{margin-top:2rem;border-bottom:2px solid #e4e7eb;padding-bottom:.25rem}
article{border:1px solid #e4e7eb;border-radius:8px;padding:.75rem 1.25rem;margin:1rem 0}
article h3{margin:.25rem 0;font-size:1.05rem}.summary{font-weight:600;margin:.25rem 0}
h4{margin:1rem 0 .25rem;font-size:.95rem}
.m{display:inline-block;min-width:3.8rem;text-align:center;border-radius:4px;padding:0 .35rem;font:600 12px/1.7 ui-monospace,monospace;color:#fff}
.get{background:#2f7d4f}.post{background:#2563eb}.patch{background:#b7791f}.delete{background:#c53030}.put{background:#6b46c1}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f1f5f9;padding:0 .25rem;border-radius:3px}
table{border-collapse:collapse;font-size:14px}td,th{border:1px solid #e4e7eb;padding:.25rem .5rem;text-align:left;vertical-align:top}
ul.fields{margin:.25rem 0;padding-left:1.25rem}.t{color:#52606d;font-size:13px}.o{color:#9aa5b1;font-size:12px}
.responses>li{margin:.35rem 0}.media small{color:#52606d}
@media (max-width:800px){body{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid #e4e7eb}main{padding:1rem}}
`;
