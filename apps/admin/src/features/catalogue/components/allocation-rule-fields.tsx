import { ALLOCATION_RULES, type AllocationQuery, type AllocationRule } from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NumberField } from './number-field';

const RULE_LABELS: Record<AllocationRule, MessageDescriptor> = {
  PRO_RATA: msg`Pro rata (whole cartons, remainder by order time)`,
  FIRST_COME: msg`First come, first served`,
  PRIORITY: msg`By price group, then order time`,
};

/** The rule and the minimum per company the preview is computed by; each change asks for a new preview. */
export function AllocationRuleFields({
  value,
  onChange,
}: {
  value: AllocationQuery;
  onChange: (next: AllocationQuery) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="allocation-rule">
      <fieldset className="field">
        <legend>
          <Trans>Rule</Trans>
        </legend>
        {ALLOCATION_RULES.map((rule) => (
          <label key={rule} className="checkbox">
            <input
              type="radio"
              name="allocation-rule"
              value={rule}
              checked={value.rule === rule}
              onChange={() => onChange({ ...value, rule })}
            />
            {i18n._(RULE_LABELS[rule])}
          </label>
        ))}
      </fieldset>
      <NumberField
        label={t`Minimum per company`}
        hint={t`Each waiting company gets at least this many first, by order time, while stock lasts; 0 for none.`}
        input={{
          value: value.minimumPerBuyer,
          onChange: (event) => {
            const minimum = event.target.valueAsNumber;
            onChange({ ...value, minimumPerBuyer: Number.isInteger(minimum) && minimum >= 0 ? minimum : 0 });
          },
        }}
      />
    </div>
  );
}
