// hashID returns the page's fragment as a section ID: decoded, or as typed
// when it is not valid percent-encoding (#%E0%A4%A threw a URIError that
// stopped every script after it). Every script reads the fragment through
// it, so that no URL can break the page.
export function hashID() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
