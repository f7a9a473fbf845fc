// The staff side of bids: the admin dashboard's Loads with Bids tab and its
// count, and Manage Bids. Only staff screens import this; the board never does,
// so none of it reaches a carrier's first load.
export { LoadsWithBidsTab } from "./loads-with-bids-tab";
export { ManageBidsDialog } from "./manage-bids-dialog";
export { useLoadsWithBidsCount } from "./loads-with-bids-query";
