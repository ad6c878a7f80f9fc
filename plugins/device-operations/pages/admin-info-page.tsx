import { InfoPage } from './info-page';

/** The Admin Info tab is the Info tab in its admin view. */
export default function AdminInfoTabPage() {
  return <InfoPage admin />;
}
