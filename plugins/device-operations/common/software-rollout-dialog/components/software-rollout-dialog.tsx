/**
 * Configure software rollout (spec 1, sections 2, 5, 9): batch size, batch delay and automatic
 * pause limits, with a preview of the plan before the rollout is created.
 */
import React, { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedObject } from '@shared/platform/inventory';
import { msg } from '@shared/plugin-api/i18n';
import { Modal } from '@shared/ui/modal';
import { enterInFieldSubmits } from '@shared/ui/enter-submits';
import {
  defaultRolloutForm,
  defaultRolloutName,
  formatDuration,
  nextPauseLimit,
  planRollout,
  rolloutFormDirty,
  toParameters,
  validateRolloutForm,
  type RolloutForm,
  type RolloutParametersValue,
} from '../model/rollout';

export interface RolloutDialogResult {
  name: string;
  parameters: RolloutParametersValue;
}

export interface SoftwareRolloutDialogProps {
  devices: readonly ManagedObject[];
  software: { name: string; version: string };
  onClose: (result: RolloutDialogResult | null) => void;
}

export default function SoftwareRolloutDialog({ devices, software, onClose }: SoftwareRolloutDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => defaultRolloutName(software));
  const [form, setForm] = useState<RolloutForm>(defaultRolloutForm);
  const [added, setAdded] = useState(0);
  const errors = validateRolloutForm(form);
  const errorOf = (field: string) => errors.find((e) => e.field === field);
  const plan = useMemo(() => (errors.length ? null : planRollout(devices, toParameters(form), software)), [devices, form, software, errors.length]);
  const invalid = errors.length > 0 || name.trim() === '';
  const create = () => {
    if (!invalid) onClose({ name: name.trim(), parameters: toParameters(form) });
  };

  const field = (key: 'batchSize' | 'batchGapSeconds' | 'operationTimeoutSeconds' | 'errorThresholdPercent', label: string, hint?: string) => {
    const error = errorOf(key);
    return (
      <div className={`form-group${error ? ' has-error' : ''}`}>
        <label htmlFor={`rollout-${key}`}>{t(label)}</label>
        <input
          id={`rollout-${key}`}
          className="form-control"
          inputMode="numeric"
          data-testid={`rollout-${key}`}
          value={form[key]}
          aria-describedby={error ? `rollout-${key}-error` : hint ? `rollout-${key}-hint` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        />
        {error && (
          <p className="help-block" id={`rollout-${key}-error`}>
            {t(error.message, error.values)}
          </p>
        )}
        {hint && !error && (
          <p className="help-block small" id={`rollout-${key}-hint`}>
            {t(hint)}
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal
      open
      size="lg"
      title={t('Configure software rollout')}
      onClose={() => onClose(null)}
      closeOnBackdrop={false}
      // Escape and × ask before throwing away a changed name or parameter; Cancel closes at once.
      unsavedChanges={rolloutFormDirty(name, form, software)}
      data-testid="rollout-dialog"
      buttons={[
        { label: t('Cancel'), onClick: () => onClose(null), 'data-testid': 'rollout-cancel' },
        {
          label: t('Create'),
          className: 'btn-primary',
          disabled: invalid,
          // A disabled button says why; the marked fields say what.
          title: invalid ? t('Correct the marked fields to create the rollout.') : undefined,
          onClick: create,
          'data-testid': 'rollout-create',
        },
      ]}
    >
      {/* Enter in a field creates the rollout, as a form's submit would (the fields are valid). */}
      <div
        className="row"
        onKeyDown={enterInFieldSubmits(create)}
      >
        <div className="col-sm-6">
          <div className={`form-group${name.trim() === '' ? ' has-error' : ''}`}>
            <label htmlFor="rollout-name">{t('Name')}</label>
            <input
              id="rollout-name"
              className="form-control"
              data-testid="rollout-name"
              value={name}
              aria-invalid={name.trim() === '' ? true : undefined}
              aria-describedby={name.trim() === '' ? 'rollout-name-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {/* Create is disabled without a name: say why. */}
            {name.trim() === '' && (
              <p className="help-block" id="rollout-name-error">
                {t('Enter a name for the rollout.')}
              </p>
            )}
          </div>
          {field('batchSize', msg('Batch size'))}
          {field('batchGapSeconds', msg('Batch delay (seconds)'))}
          {field(
            'operationTimeoutSeconds',
            msg('Operation time-out (seconds)'),
            msg('A device that has not finished its installation by then counts as failed: "no answer from device".'),
          )}
          {field('errorThresholdPercent', msg('Error threshold (%)'), msg('Optional: the rollout pauses when more than this share of the processed devices failed.'))}
          <fieldset>
            <legend className="h5">{t('Automatic pause limits')}</legend>
            {/* What a limit counts, as the engine pauses and the rollout's card then says ("{{failed}} devices failed: the automatic pause limit … is reached"). */}
            <p className="help-block small" id="rollout-pause-hint">
              {t('The rollout pauses each time the number of failed devices reaches a limit.')}
            </p>
            {form.automaticPauseLimits.map((value, i) => {
              const error = errorOf(`pause.${i}`);
              return (
                <div key={i} className={`form-group${error ? ' has-error' : ''}`}>
                  {/* The input and its remove button share a row; the message goes below, at full width. */}
                  <div className="d-flex" style={{ gap: 8 }}>
                    <input
                      className="form-control"
                      inputMode="numeric"
                      aria-label={t('Pause when this many devices have failed')}
                      aria-describedby={error ? `rollout-pause-${i}-error` : 'rollout-pause-hint'}
                      aria-invalid={error ? true : undefined}
                      data-testid={`rollout-pause-${i}`}
                      value={value}
                      onChange={(e) => setForm({ ...form, automaticPauseLimits: form.automaticPauseLimits.map((v, j) => (j === i ? e.target.value : v)) })}
                    />
                    <button
                      type="button"
                      className="btn btn-clean"
                      aria-label={t('Remove pause limit {{value}}', { value })}
                      onClick={() => setForm({ ...form, automaticPauseLimits: form.automaticPauseLimits.filter((_, j) => j !== i) })}
                    >
                      <i className="dlt-c8y-icon-minus-circle" aria-hidden="true" />
                    </button>
                  </div>
                  {error && (
                    <p className="help-block" id={`rollout-pause-${i}-error`}>
                      {t(error.message, error.values)}
                    </p>
                  )}
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn-default btn-sm"
              data-testid="rollout-add-pause"
              onClick={() => {
                setForm({ ...form, automaticPauseLimits: [...form.automaticPauseLimits, String(nextPauseLimit(added))] });
                setAdded(added + 1);
              }}
            >
              <i className="dlt-c8y-icon-plus-circle m-r-4" aria-hidden="true" />
              {t('Add pause limit')}
            </button>
          </fieldset>
        </div>
        {/* Device and software names break anywhere: a name without spaces ran out of the dialog. */}
        <div className="col-sm-6" data-testid="rollout-plan" style={{ overflowWrap: 'anywhere' }}>
          <h5>{t('Plan')}</h5>
          {plan ? (
            <>
              <dl className="dl-horizontal">
                <dt>{t('Software')}</dt>
                <dd>
                  {software.name} {software.version}
                </dd>
                <dt>{t('Devices')}</dt>
                <dd data-testid="plan-targets">{plan.targets}</dd>
                <dt>{t('Batches')}</dt>
                <dd data-testid="plan-batches">{plan.batches}</dd>
                <dt>{t('Estimated duration')}</dt>
                <dd data-testid="plan-duration">{formatDuration(plan.estimatedSeconds)}</dd>
                <dt>{t('Offline')}</dt>
                <dd data-testid="plan-offline">{plan.offline}</dd>
                <dt>{t('Already installed')}</dt>
                <dd data-testid="plan-installed">{plan.alreadyInstalled}</dd>
                <dt>{t('Time-out per device')}</dt>
                <dd data-testid="plan-timeout">{formatDuration(toParameters(form).operationTimeoutSeconds)}</dd>
                <dt>{t('Error threshold')}</dt>
                <dd data-testid="plan-threshold">{form.errorThresholdPercent.trim() ? `${Number(form.errorThresholdPercent)} %` : t('none')}</dd>
                {plan.pausesAt.length > 0 && (
                  <>
                    <dt>{t('Pauses at failed devices')}</dt>
                    <dd>{plan.pausesAt.join(', ')}</dd>
                  </>
                )}
              </dl>
              <p className="small text-muted">{t('The estimate counts the delays between batches; installing takes extra time.')}</p>
              <h5>{t('Devices of batch 1')}</h5>
              <ul className="list-unstyled small" style={{ maxHeight: 200, overflowY: 'auto' }} data-testid="plan-first-batch">
                {plan.firstBatch.map((d) => (
                  <li key={d.id}>{d.name ?? d.id}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-muted">{t('Correct the parameters to see the plan.')}</p>
          )}
        </div>
      </div>
    </Modal>
  );
}
