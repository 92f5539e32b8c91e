/*
 * The command palette's "Add food" and "Log …", asked of a diary page that is already showing:
 * the page opens its add dialog at once. Sent as a URL (?add=1) instead, a second request to the
 * same URL raced the page's own clean-up of the first (router.replace dropping ?add=1) and was
 * sometimes lost: the dialog did not open.
 */

const ADD_FOOD_REQUEST = 'diary:add-food';

type AddFoodDetail = { query: string };

/**
 * Asks the page showing today's diary, if any, to open its add dialog searching for `query`.
 * True when one did; the caller navigates otherwise.
 */
export function requestAddFood(query: string): boolean {
  const event = new CustomEvent<AddFoodDetail>(ADD_FOOD_REQUEST, { detail: { query }, cancelable: true });
  return !window.dispatchEvent(event);
}

/** Takes the palette's requests while mounted: `open` gets the query; returns the unsubscriber. */
export function onAddFoodRequest(open: (query: string) => void): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    open((event as CustomEvent<AddFoodDetail>).detail.query);
  };
  window.addEventListener(ADD_FOOD_REQUEST, listener);
  return () => window.removeEventListener(ADD_FOOD_REQUEST, listener);
}
