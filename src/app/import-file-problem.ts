/**
 * Why a file dropped or picked for import is not JSON, in words a user can act on. JSON.parse's own message
 * quoted the start of the file: for an image that was a run of replacement and control characters, and for
 * an OpenAPI YAML file a bare "Unexpected token 'o'".
 */
export function notJsonMessage(fileName: string, text: string, parseError: Error): string {
  const head = text.slice(0, 1024);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a\ufffd]/.test(head))
    return `${fileName} is not a text file (it looks like binary data, such as an image or an archive). Import a JSON file: a tool catalogue or a world made by "Export world".`;
  if (/\.ya?ml$/i.test(fileName) || /^\s*(openapi|swagger)\s*:/m.test(head))
    return `${fileName} looks like YAML; the app reads JSON only. Convert it to JSON first (e.g. \`yq -o=json ${fileName}\`) and import that.`;
  return `${fileName} is not valid JSON: ${parseError.message}`;
}
