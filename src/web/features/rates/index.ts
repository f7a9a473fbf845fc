// The rates feature's public face: what a lane usually pays, beside a price being set.
export { LaneRateHint, type LaneRateHintProps } from "./components/lane-rate-hint";
