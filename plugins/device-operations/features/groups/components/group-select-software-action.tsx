/**
 * "Select Software" in the action bar of the platform UI's own group pages (#/group/{id} and its
 * tabs, e.g. Subassets): the group's Select Software flow of the sub-assets page. The action bar
 * shows it only to users whose roles allow the assignment (plugin.ts); its messages show where the
 * platform shows its own, top right (`.alerts > c8y-alert-outlet`), as the page has no place of ours.
 */
import { createElement, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { usePlatformContext } from '@shared/plugin-api/context';
import { AlertOutlet } from '../../../common/server-job/components/alert-outlet';
import { pushAlert, useListAlerts } from '../../../common/server-job/store/alerts';
import { useGroup } from '../api/group';
import { useGroupSelectSoftware } from './group-select-software';

export default function GroupSelectSoftwareAction() {
  // The platform's group route holds the group (route data contextData); read again for its current devices' filter.
  const id = usePlatformContext().device?.id ?? '';
  const group = useGroup(id);
  const { button, view } = useGroupSelectSoftware(group.data);
  // Its messages are the group's: leaving the group's pages (or opening another group) clears them.
  const clearAlerts = useListAlerts((st) => st.clear);
  useEffect(() => () => clearAlerts(), [clearAlerts, id]);
  // Without the group the button stays off: said, not a silently disabled button.
  const failure = group.isError ? (group.error as Error).message : undefined;
  useEffect(() => {
    if (failure !== undefined) pushAlert({ type: 'danger', text: 'The group could not be loaded: {{message}}', values: { message: failure } });
  }, [failure]);
  return (
    <>
      {button('btn btn-link')}
      {view}
      {createPortal(<div className="alerts">{createElement('c8y-alert-outlet', null, <AlertOutlet />)}</div>, document.body)}
    </>
  );
}
