import { Panel } from "@/components/layout/panel";
import { ATTRIBUTION_CATALOG, ATTRIBUTION_METRICS } from "@/lib/attribution-catalog";
import { CatalogText } from "./catalog-text";

/** What each figure divides and its minimum sample, as the catalog defines it (docs/metrics.md "Attribution"). */
export function AttributionDefinitions() {
  return (
    <Panel title="Definitions" subtitle="as docs/metrics.md defines them" id="attribution-definitions" wide>
      <dl>
        {ATTRIBUTION_METRICS.map((metric) => {
          const definition = ATTRIBUTION_CATALOG[metric];
          return (
            <div key={metric} data-definition={metric}>
              <dt>
                <strong>{definition.label}</strong>
              </dt>
              <dd>
                <CatalogText text={definition.numerator} />, over <CatalogText text={definition.denominator} />. Minimum
                sample {definition.minSample}; {definition.better} is better.
              </dd>
            </div>
          );
        })}
      </dl>
    </Panel>
  );
}
