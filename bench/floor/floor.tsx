/**
 * The device-list bench's floor: the least a page can do to show the same 25 devices. It fetches
 * the page of the API URL it is handed (the exact request the device list sent) and renders the
 * rows in an AG Grid with the same modules the device grid registers, and nothing else: no
 * shell, no federation, no i18n, no query cache. Built by bench/floor/build.ts from the same
 * node_modules as the bundle.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { AgGridReact } from 'ag-grid-react';
import { ClientSideRowModelModule, RenderApiModule, type ColDef, type Module } from 'ag-grid-community';

/** The same module list as shared/ui/data-grid.tsx (the device lists' grid). */
const MODULES: Module[] = [ClientSideRowModelModule, RenderApiModule];

interface Device {
  id: string;
  name?: string;
  type?: string;
  creationTime?: string;
  lastUpdated?: string;
  c8y_Availability?: { status?: string; lastMessage?: string };
  c8y_Hardware?: { serialNumber?: string; model?: string };
}

const COLUMNS: ColDef<Device>[] = [
  { field: 'name' },
  { field: 'id' },
  { field: 'type' },
  { headerName: 'status', valueGetter: (p) => p.data?.c8y_Availability?.status ?? '' },
  { headerName: 'serial', valueGetter: (p) => p.data?.c8y_Hardware?.serialNumber ?? '' },
  { headerName: 'model', valueGetter: (p) => p.data?.c8y_Hardware?.model ?? '' },
  { field: 'creationTime' },
  { headerName: 'last message', valueGetter: (p) => p.data?.c8y_Availability?.lastMessage ?? '' },
];

declare global {
  interface Window {
    /** The bench shows another API page (the filtered one) through this. */
    floorShow?: (apiUrl: string) => Promise<void>;
  }
}

async function fetchPage(apiUrl: string): Promise<Device[]> {
  const res = await fetch(apiUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`floor: ${res.status} for ${apiUrl}`);
  return ((await res.json()) as { managedObjects: Device[] }).managedObjects;
}

function Floor({ initialUrl }: { initialUrl: string }) {
  const [rows, setRows] = useState<Device[] | undefined>();
  useEffect(() => {
    void fetchPage(initialUrl).then(setRows);
    window.floorShow = async (apiUrl) => {
      const next = await fetchPage(apiUrl);
      flushSync(() => setRows(next));
    };
  }, [initialUrl]);
  return (
    <div style={{ width: '100%' }}>
      <AgGridReact<Device> modules={MODULES} rowData={rows} columnDefs={COLUMNS} getRowId={(p) => p.data.id} domLayout="autoHeight" suppressColumnVirtualisation />
    </div>
  );
}

const initialUrl = new URLSearchParams(location.hash.slice(1)).get('api');
if (!initialUrl) throw new Error('floor: no #api=<url> given');
createRoot(document.getElementById('root')!).render(<Floor initialUrl={initialUrl} />);
