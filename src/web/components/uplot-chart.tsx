// One uPlot chart, as wide as its box (a phone's 390 px or a desk's column), redrawn
// when the box changes size; the staff insight page's and the scorecards' charts are
// drawn with it. uPlot (about 50 KB) arrives only with the chart modules that import
// this file, and those are loaded lazily (React.lazy or a lazy route): it never reaches
// the carrier's board or the sign-in page (docs/decisions/0018-insight.md).
//
// The canvas says nothing to a screen reader, so the box is one image named by the
// chart's heading and described by its sentence (aria-labelledby / aria-describedby);
// every figure is also in a table beside or below the chart.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { cn } from "../lib/cn";

/** everything but the size, which follows the box */
export type UplotOptions = Omit<uPlot.Options, "width" | "height">;

export function UplotChart({
  options,
  data,
  height = 220,
  labelledBy,
  describedBy,
  className,
}: {
  options: UplotOptions;
  data: uPlot.AlignedData;
  height?: number;
  labelledBy: string;
  describedBy: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    const chart = new uPlot({ ...options, width: width(), height }, data, el);
    // the box's width changes with the window and the phone's orientation; a frame
    // later, so one resize draws once
    let frame = 0;
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            cancelAnimationFrame(frame);
            frame = requestAnimationFrame(() => {
              if (chart.width !== width()) chart.setSize({ width: width(), height });
            });
          });
    observer?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);

  return <div ref={box} role="img" aria-labelledby={labelledBy} aria-describedby={describedBy} className={cn(className, "w-full min-w-0")} />;
}
