/*
 * Applies a guide's merge step to a file of the fresh app the way a careful
 * user does by hand: maps merge key by key, lists get the new items appended,
 * everything else is set; comments of the file stay.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import YAML from 'yaml';

function mergeInto(doc, node, value) {
  if (
    YAML.isMap(node) &&
    value &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    for (const [key, v] of Object.entries(value)) {
      const child = node.get(key, true);
      if (child === undefined || !YAML.isCollection(child))
        node.set(key, doc.createNode(v));
      else mergeInto(doc, child, v);
    }
  } else if (YAML.isSeq(node) && Array.isArray(value)) {
    const have = new Set(node.toJSON().map(item => JSON.stringify(item)));
    for (const item of value) {
      if (!have.has(JSON.stringify(item))) node.add(doc.createNode(item));
    }
  } else {
    throw new Error(`cannot merge ${JSON.stringify(value)} into ${node}`);
  }
}

/** `name`: the document (of a multi-document file) whose metadata.name it is. */
export function mergeYamlFile(path, block, name) {
  const docs = YAML.parseAllDocuments(readFileSync(path, 'utf8'));
  const doc = name
    ? docs.find(d => d.getIn(['metadata', 'name']) === name)
    : docs[0];
  if (!doc) throw new Error(`${path} has no document named ${name}`);
  mergeInto(doc, doc.contents, YAML.parse(block));
  writeFileSync(path, docs.map(d => d.toString()).join(''));
}

export function mergeJsonFile(path, block) {
  const merged = structuredClone(JSON.parse(readFileSync(path, 'utf8')));
  const merge = (target, value) => {
    for (const [key, v] of Object.entries(value)) {
      if (v && typeof v === 'object' && !Array.isArray(v) && target[key])
        merge(target[key], v);
      else target[key] = v;
    }
  };
  merge(merged, JSON.parse(block));
  writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
}

export function insertBefore(path, marker, block) {
  const text = readFileSync(path, 'utf8');
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${path} has no "${marker}"`);
  const lineStart = text.lastIndexOf('\n', at) + 1;
  writeFileSync(
    path,
    `${text.slice(0, lineStart)}${block}\n${text.slice(lineStart)}`,
  );
}
