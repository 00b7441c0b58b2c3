/** Hands a blob to the browser as a download under the given name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next turn: some browsers read the address only after click() returns.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 0);
  }
}
