// The reading size's storage, shared by head/head.js (which applies it
// before the first paint) and page/textsize.js (the header's control).

// TEXT_SIZE_KEY is the localStorage key of the size chosen on this device.
export const TEXT_SIZE_KEY = "compendium-text-size";

// TEXT_SIZES are the steps above the default, as html's data-text-size
// (main.css scales the root font size for each); the default is stored
// as "0" and sets no attribute.
export const TEXT_SIZES = ["1", "2", "3"];
