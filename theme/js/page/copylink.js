import { toast } from "../shared/toast.js";
import { isSingle, singleLink } from "./single.js";

// copyText copies with the Clipboard API where the page is a secure context,
// and otherwise with a selected text area, which older phones still need.
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

// initCopyLinks turns each heading's link control into "copy the full URL of
// this section": organisers paste these links into chats. On a rules page
// (html[data-share]) the URL is the section's share page,
// /<lang>/<doc>/<id>/, whose preview in a chat names and quotes the section
// and which sends the reader on to #<id>.
export function initCopyLinks() {
  const body = document.body;
  document.addEventListener("click", async (ev) => {
    const a = ev.target.closest("a[data-copy-link]");
    if (!a) return;
    ev.preventDefault();
    const id = a.getAttribute("href").slice(1);
    const url = new URL(location.href);
    url.hash = id;
    history.replaceState(null, "", url.hash);
    const heading = document.getElementById(id);
    const share = document.documentElement.hasAttribute("data-share") && heading?.matches("article :is(h2, h3, h4, h5, h6)");
    const copied = share ? new URL(encodeURIComponent(id) + "/", new URL(".", location.href)) : url;
    // The single file's own address is file:///…, which no one else can
    // open: it copies the site's address of the section, or says it could not.
    const single = isSingle() ? singleLink(id) : null;
    if (heading) {
      heading.classList.remove("flash");
      void heading.offsetWidth;
      heading.classList.add("flash");
    }
    try {
      await copyText(single ? single.text : copied.href);
      toast(single && single.here ? body.dataset.copiedHere.replace("%s", single.text) : body.dataset.copied || "Link copied");
    } catch {
      toast(body.dataset.copyFailed || "Could not copy");
    }
  });
}
