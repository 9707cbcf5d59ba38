// The Leaflet wrapper and the location picker in jsdom (real Leaflet): offline without a basemap, tiles when
// configured, clicks/drags → 'lng,lat', the address filled from the nearest city, the debounced place search
// and the typed coordinates.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import L from 'leaflet';
import { LeafletMap } from '../../src/client/map/LeafletMap';
import { LocationPicker, type LocationValue } from '../../src/client/map/LocationPicker';
import { OFFLINE_MAP } from '../../src/client/map/mapSettings';
import { citiesOf, mapPlacesOf, SEARCH_DEBOUNCE_MS } from '../../src/client/map/geo';
import { ok, stubFetch } from './fakeApi';
import { cityTree } from './mapCities';

const cities = citiesOf(cityTree);
const mapPlaces = mapPlacesOf(cityTree);

/** Renders with a fresh query cache; `settings` seeds the map settings the picker reads first. */
function withQuery(ui: React.ReactElement, settings?: object) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (settings) client.setQueryData(['mapSettings'], settings);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('LeafletMap', () => {
  it('offline: no tile layer, a grid container, a CSS pin; clicks report { lng, lat } rounded to 6 decimals', async () => {
    let map: L.Map | undefined;
    const onPick = vi.fn();
    const { container } = render(
      <LeafletMap
        center={{ lng: 118.78, lat: 32.04 }}
        marker={{ lng: 118.78, lat: 32.04 }}
        onPick={onPick}
        tiles={OFFLINE_MAP}
        places={mapPlaces}
        onReady={(m) => (map = m)}
      />,
    );
    expect(map).toBeDefined();
    const el = screen.getByTestId('leaflet-map');
    expect(el).toHaveAttribute('data-offline', 'true');
    expect(el).toHaveClass('ts-map');
    expect(screen.getByText(/离线地图/)).toBeInTheDocument();
    // Leaflet takes [lat, lng]
    expect(map!.getCenter().lat).toBeCloseTo(32.04);
    expect(map!.getCenter().lng).toBeCloseTo(118.78);
    expect(map!.getZoom()).toBe(16);
    let tiles = 0;
    map!.eachLayer((l) => {
      if (l instanceof L.TileLayer) tiles++;
    });
    expect(tiles).toBe(0);
    expect(container.querySelector('.ts-pin .ts-pin__head')).not.toBeNull();
    expect(container.querySelector('img.leaflet-marker-icon')).toBeNull();
    // offline: the places in view (and a 100 px margin) as dots; jsdom's map has no size, so that is the places
    // within 100 px of the centre, and no name fits (labels.test.ts). At street zoom 南京's centre is ~590 px away.
    const drawn = () => [...container.querySelectorAll('.ts-place')].map((e) => e.textContent);
    expect(drawn()).toEqual([]);
    act(() => {
      map!.setZoom(12, { animate: false });
    });
    expect(drawn()).toEqual(['南京市']);
    // at city zoom the districts are drawn in place of their city, at a national view the city alone
    act(() => {
      map!.setView([39.92, 116.45], 10, { animate: false });
    });
    expect(drawn().sort()).toEqual(['东城区', '朝阳区']);
    expect(container.querySelector('.ts-place--district .ts-place__name')).toHaveTextContent(/东城区|朝阳区/);
    act(() => {
      map!.setZoom(5, { animate: false });
    });
    expect(drawn()).toEqual(['北京市']);

    act(() => {
      map!.fire('click', { latlng: L.latLng(31.2993791, 120.6195849) });
    });
    expect(onPick).toHaveBeenCalledWith({ lng: 120.619585, lat: 31.299379 });
  });

  it('a dragged pin reports where it ended; a new centre re-centres the view', () => {
    let map: L.Map | undefined;
    const onPick = vi.fn();
    const props = { tiles: OFFLINE_MAP, onPick, onReady: (m: L.Map) => (map = m) };
    const { rerender } = render(
      <LeafletMap {...props} center={{ lng: 118.78, lat: 32.04 }} marker={{ lng: 118.78, lat: 32.04 }} />,
    );
    let marker: L.Marker | undefined;
    map!.eachLayer((l) => {
      if (l instanceof L.Marker && l.options.draggable) marker = l;
    });
    expect(marker).toBeDefined();
    act(() => {
      marker!.setLatLng([32.1, 118.9]);
      marker!.fire('dragend');
    });
    expect(onPick).toHaveBeenCalledWith({ lng: 118.9, lat: 32.1 });

    rerender(
      <LeafletMap
        {...props}
        center={{ lng: 113.280637, lat: 23.125178 }}
        marker={{ lng: 113.280637, lat: 23.125178 }}
      />,
    );
    expect(map!.getCenter().lat).toBeCloseTo(23.125178);
    expect(marker!.getLatLng().lng).toBeCloseTo(113.280637);
  });

  it('with a tile URL: a tile layer with the configured subdomains and attribution, no offline note', () => {
    let map: L.Map | undefined;
    render(
      <LeafletMap
        center={{ lng: 118.78, lat: 32.04 }}
        tiles={{
          tileUrl: 'https://t{s}.example.test/{z}/{x}/{y}.png',
          subdomains: '1234',
          attribution: '© 示例地图',
          geocodeUrl: '',
        }}
        onReady={(m) => (map = m)}
      />,
    );
    const layers: L.TileLayer[] = [];
    map!.eachLayer((l) => {
      if (l instanceof L.TileLayer) layers.push(l);
    });
    expect(layers).toHaveLength(1);
    expect(layers[0].options.subdomains).toEqual(['1', '2', '3', '4']);
    expect(layers[0].getAttribution?.()).toBe('© 示例地图');
    expect(screen.getByTestId('leaflet-map')).toHaveAttribute('data-offline', 'false');
    expect(screen.queryByText(/离线地图/)).toBeNull();
  });
});

/** The picker with its value held in state, as the dialog holds it. */
function Harness({
  initial,
  onChange,
  at = { lng: 118.78, lat: 32.04 },
}: {
  initial: LocationValue;
  onChange?: (v: LocationValue) => void;
  at?: { lng: number; lat: number };
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LocationPicker
        value={value}
        tree={cityTree}
        cities={cities}
        onChange={(patch) => {
          const next = { ...value, ...patch };
          setValue(next);
          onChange?.(next);
        }}
        mapComponent={(p) => (
          <button
            type="button"
            data-testid="fake-map"
            data-center={`${p.center.lng},${p.center.lat}`}
            data-zoom={p.zoom}
            onClick={() => p.onPick?.(at)}
          >
            map
          </button>
        )}
      />
      <button
        type="button"
        data-testid="set-remarks"
        onClick={() => setValue((v) => ({ ...v, remarks: '苏州市姑苏区人民路 1 号' }))}
      >
        type
      </button>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('value').textContent!) as LocationValue;

/** 全局配置 with a reverse geocoder (a Nominatim-like template). */
const GEO_SETTINGS = {
  tileUrl: '',
  subdomains: '',
  attribution: '',
  geocodeUrl: 'https://geo.example.test/reverse?format=json&lon={lng}&lat={lat}',
};

describe('LocationPicker', () => {
  it('reads the map settings once; a failing call means offline, not an error', async () => {
    const { calls } = stubFetch((c) =>
      c.url.pathname === '/api/sys/v1/sys/sysConfig/mapSettings'
        ? { status: 500, body: { code: 0, message: '服务器错误!', data: null } }
        : ok(null),
    );
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />);
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/sys/v1/sys/sysConfig/mapSettings')).toBe(true),
    );
    expect(screen.getByTestId('fake-map')).toBeInTheDocument();
  });

  it('a map point fills latLng, the nearest city as 项目位置 and as site when none is chosen', () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />);
    fireEvent.click(screen.getByTestId('fake-map'));
    expect(current()).toEqual({ latLng: '118.780000,32.040000', site: '南京市', remarks: '江苏省南京市' });
    // the small tree knows no district of 南京: the line says the district is left to the user
    expect(screen.getByTestId('map-nearby')).toHaveTextContent(
      /^位于 江苏省南京市 附近（约 \d+\.\d 公里）；未收录该市的区县位置，区县请手动填写$/,
    );
    expect(screen.getByLabelText('经度')).toHaveValue('118.780000');
    expect(screen.getByLabelText('纬度')).toHaveValue('32.040000');
  });

  it('a point in a district fills 市+区 and says how near it is; offline the map opens at city level once a point is set', () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    // 116.48,39.93 from 朝阳区's centre (116.486409, 39.921489): Δlat 0.008511° × 111.2 km = 0.946 km, Δlng 0.006409° ×
    // 111.2 × cos 39.93° = 0.547 km → √(0.946² + 0.547²) = 1.09 km
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} at={{ lng: 116.48, lat: 39.93 }} />);
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-zoom', '5');
    expect(screen.queryByTestId('map-nearby')).toBeNull();
    fireEvent.click(screen.getByTestId('fake-map'));
    expect(current()).toEqual({ latLng: '116.480000,39.930000', site: '北京市', remarks: '北京市朝阳区' });
    expect(screen.getByTestId('map-nearby')).toHaveTextContent('位于 北京市朝阳区 附近（约 1.1 公里）');
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-zoom', '9');
  });

  it('a point ~200 km from every place fills the nearest one and asks to check it; one in the open sea leaves the address alone', () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    // 121.9,32.9: nearest of the small tree is 无锡市 (120.301663, 31.574729) — Δlng 1.598° × 94.0 km ≈ 150 km, Δlat
    // 1.325° × 111.2 km ≈ 147 km → ≈ 210 km
    const first = withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} at={{ lng: 121.9, lat: 32.9 }} />);
    fireEvent.click(screen.getByTestId('fake-map'));
    expect(current().remarks).toBe('江苏省无锡市');
    expect(screen.getByTestId('map-nearby')).toHaveTextContent(
      /^距最近的地点 江苏省无锡市 约 21\d 公里，请核对项目位置；未收录该市的区县位置，区县请手动填写$/,
    );
    first.unmount();

    // 130,25 (east of Okinawa): > 500 km from every place
    withQuery(<Harness initial={{ remarks: '江苏省苏州市', site: '苏州市', latLng: '' }} at={{ lng: 130, lat: 25 }} />);
    fireEvent.click(screen.getByTestId('fake-map'));
    expect(current()).toEqual({ latLng: '130.000000,25.000000', site: '苏州市', remarks: '江苏省苏州市' });
    expect(screen.getByTestId('map-nearby')).toHaveTextContent(
      /^所选位置附近没有已知地点（最近的 .+ 约 [\d,]+ 公里），项目位置未改动，请手动填写$/,
    );
  });

  it('a map point replaces an earlier address (typed or searched) with its nearest place; a chosen site stays', () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    withQuery(<Harness initial={{ remarks: '江苏省苏州市', site: '苏州市', latLng: '120.619585,31.299379' }} />);
    fireEvent.click(screen.getByTestId('fake-map'));
    expect(current()).toEqual({ latLng: '118.780000,32.040000', site: '苏州市', remarks: '江苏省南京市' });
  });

  it('with a geocoder in 全局配置: the service names the point (asked without our token); the city fills the site', async () => {
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === '/api/sys/v1/sys/sysConfig/mapSettings') return ok({ ...GEO_SETTINGS });
      if (c.url.host === 'geo.example.test')
        return { body: { status: '0', result: { formatted_address: '江苏省南京市秦淮区中山南路1号' } } };
      return ok(null);
    });
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />, GEO_SETTINGS);
    fireEvent.click(screen.getByTestId('fake-map'));
    expect(current()).toEqual({ latLng: '118.780000,32.040000', site: '南京市', remarks: '江苏省南京市' });
    await waitFor(() => expect(current().remarks).toBe('江苏省南京市秦淮区中山南路1号'));
    expect(current().site).toBe('南京市');
    const asked = calls.filter((c) => c.url.host === 'geo.example.test');
    expect(asked).toHaveLength(1);
    expect(asked[0].url.searchParams.get('lon')).toBe('118.780000');
    expect(asked[0].url.searchParams.get('lat')).toBe('32.040000');
    expect(asked[0].headers.get('Access-Token')).toBeNull();
  });

  it('a geocoder that fails or answers no address leaves the nearest city', async () => {
    for (const answer of [{ status: 500, body: { error: 'down' } }, { body: { status: '1', msg: '参数错误' } }]) {
      const { calls } = stubFetch((c) => {
        if (c.url.pathname === '/api/sys/v1/sys/sysConfig/mapSettings') return ok({ ...GEO_SETTINGS });
        if (c.url.host === 'geo.example.test') return answer;
        return ok(null);
      });
      const view = withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />, GEO_SETTINGS);
      fireEvent.click(screen.getByTestId('fake-map'));
      await waitFor(() => expect(calls.some((c) => c.url.host === 'geo.example.test')).toBe(true));
      await act(async () => {});
      expect(current().remarks).toBe('江苏省南京市');
      view.unmount();
    }
  });

  it('a geocoder answer lands only on its own pick: a later point or a typed address wins', async () => {
    const pending: ((address: string) => void)[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (url.pathname.endsWith('/mapSettings'))
        return Promise.resolve(json({ code: 1, message: '成功', data: GEO_SETTINGS }));
      return new Promise<Response>((resolve) =>
        pending.push((address) => resolve(json({ result: { formatted_address: address } }))),
      );
    });
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />, GEO_SETTINGS);
    fireEvent.click(screen.getByTestId('fake-map')); // 南京
    fireEvent.change(screen.getByLabelText('经度'), { target: { value: '120.62' } }); // (120.62, 32.04)
    fireEvent.change(screen.getByLabelText('纬度'), { target: { value: '31.3' } }); // 苏州
    expect(current().remarks).toBe('江苏省苏州市');
    await waitFor(() => expect(pending).toHaveLength(3));
    // the earlier picks' late answers change nothing
    await act(async () => pending[0]('江苏省南京市秦淮区'));
    await act(async () => pending[1]('江苏省常州市'));
    expect(current().remarks).toBe('江苏省苏州市');
    // the latest pick's answer lands
    await act(async () => pending[2]('江苏省苏州市姑苏区'));
    expect(current().remarks).toBe('江苏省苏州市姑苏区');
    // a new point, then the user types an address before the answer: theirs stays
    fireEvent.change(screen.getByLabelText('纬度'), { target: { value: '31.31' } });
    expect(current().remarks).toBe('江苏省苏州市');
    await waitFor(() => expect(pending).toHaveLength(4));
    act(() => {
      screen.getByTestId('set-remarks').click();
    });
    await act(async () => pending[3]('江苏省苏州市吴中区'));
    expect(current().remarks).toBe('苏州市姑苏区人民路 1 号');
  });

  it('typed 经度/纬度 move the point and re-centre the map; half-typed numbers wait', () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />);
    fireEvent.change(screen.getByLabelText('经度'), { target: { value: '120.62' } });
    expect(current().latLng).toBe('');
    fireEvent.change(screen.getByLabelText('纬度'), { target: { value: '31.' } });
    expect(current().latLng).toBe('');
    fireEvent.change(screen.getByLabelText('纬度'), { target: { value: '31.3a' } });
    expect(screen.getByLabelText('纬度')).toHaveValue('31.3');
    expect(current()).toEqual({ latLng: '120.620000,31.300000', site: '苏州市', remarks: '江苏省苏州市' });
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-center', '120.62,31.3');
    // what the user typed stays as typed
    expect(screen.getByLabelText('经度')).toHaveValue('120.62');
  });

  it('the address search waits 1000 ms, searches every place by pinyin, and a pick fills 省名+市名, site and latLng', async () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />);
    const box = screen.getByLabelText('搜索地点');
    // the debounce on a clock the test moves on (it also runs as usual), so a busy machine cannot make it late
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box, { target: { value: 'suzh' } });
    // not yet halfway through the 1000 ms
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('江苏省苏州市')).toBeNull();
    // and there once they are over
    await act(() => vi.advanceTimersByTimeAsync(500));
    const option = screen.getByText('江苏省苏州市');
    fireEvent.click(option);
    expect(current()).toEqual({ latLng: '120.619585,31.299379', site: '苏州市', remarks: '江苏省苏州市' });
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-center', '120.619585,31.299379');
  });

  it('picking a province takes its main city', async () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    withQuery(<Harness initial={{ remarks: '', site: '', latLng: '' }} />);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByLabelText('搜索地点'), { target: { value: '广东' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    fireEvent.click(screen.getByText('广东省'));
    expect(current()).toEqual({ latLng: '113.280637,23.125178', site: '广州市', remarks: '广东省广州市' });
  });

  it('a city chosen elsewhere (所在城市) moves the view there while no point is set', () => {
    stubFetch(() => ok({ tileUrl: '', subdomains: '', attribution: '' }));
    const client = new QueryClient();
    const ui = (site: string) => (
      <QueryClientProvider client={client}>
        <LocationPicker
          value={{ remarks: '', site, latLng: '' }}
          tree={cityTree}
          cities={cities}
          onChange={() => {}}
          mapComponent={(p) => <div data-testid="fake-map" data-center={`${p.center.lng},${p.center.lat}`} />}
        />
      </QueryClientProvider>
    );
    const { rerender } = render(ui(''));
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-center', '118.78,32.04');
    rerender(ui('深圳市'));
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-center', '114.085947,22.547');
  });
});
