// A small XML writer for the DDEX message: elements as data, written with two-space indentation, every text and
// attribute value escaped. Characters XML 1.0 cannot carry at all (C0 controls but tab, CR and LF, lone
// surrogates, U+FFFE/U+FFFF) become U+FFFD, so whatever a name holds the file stays well-formed.

export interface XmlElement {
  name: string;
  attrs?: ReadonlyArray<readonly [string, string]>;
  /** Text content, or child elements; neither makes an empty element. */
  children?: string | ReadonlyArray<XmlElement | null>;
}

/** An element; children that are null (an optional field left out) are skipped. */
export const el = (
  name: string,
  children?: XmlElement['children'],
  attrs?: XmlElement['attrs'],
): XmlElement => ({ name, children, attrs });

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are what it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeText(value: string): string {
  return value.replace(NOT_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function write(element: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attrs = (element.attrs ?? []).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  const { children } = element;
  if (children === undefined || children === '' || (Array.isArray(children) && children.every((c) => !c))) {
    out.push(`${pad}<${element.name}${attrs}/>`);
  } else if (typeof children === 'string') {
    out.push(`${pad}<${element.name}${attrs}>${escapeText(children)}</${element.name}>`);
  } else {
    out.push(`${pad}<${element.name}${attrs}>`);
    for (const child of children as ReadonlyArray<XmlElement | null>) if (child) write(child, depth + 1, out);
    out.push(`${pad}</${element.name}>`);
  }
}

/** The document: the XML declaration, then `root`, LF line ends and a final newline. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
