// Our own small React wrapper around Leaflet (react-leaflet's licence is not an OSI one).
// One map per mount: an optional tile layer from 全局配置 (offline by default: no basemap, a CSS grid and the
// bundled places as dots, named where the names fit — labels.ts), a draggable CSS pin (L.divIcon — Leaflet's
// default icon images break under Vite), and clicks/drags reported as { lng, lat }. Leaflet takes [lat, lng];
// everything outside this file speaks { lng, lat }.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { DEFAULT_ZOOM, normalizePoint, subdomainsOf, type LngLat, type MapPlace } from './geo';
import { labelsToShow } from './labels';
import type { MapSettings } from './mapSettings';
import { escapeHtml } from '../escapeHtml';
import { useLatest } from '../admin/useLatest';

export interface LeafletMapProps {
  /** Where the view is centred; the map re-centres whenever this point changes. */
  center: LngLat;
  zoom?: number;
  /** The chosen point; no pin until one is chosen. */
  marker?: LngLat;
  /** A click on the map or the end of a pin drag. */
  onPick?: (point: LngLat) => void;
  tiles: MapSettings;
  /** Offline only: cities and districts drawn as named dots so the grid is not an empty sea. */
  places?: readonly MapPlace[];
  height?: number | string;
  /** For tests and callers that need the Leaflet map itself. */
  onReady?: (map: L.Map) => void;
}

/** Districts are drawn from this zoom on, in place of their city (below it they sit on their city's dot). */
const DISTRICT_ZOOM = 8;

const pinIcon = L.divIcon({
  className: 'ts-pin',
  html: '<span class="ts-pin__head"></span>',
  // the rotated head's point is 11·√2 ≈ 15.6 px below its centre (14, 11): the tip sits at (14, 27)
  iconSize: [28, 28],
  iconAnchor: [14, 27],
});

const toLeaflet = (p: LngLat): L.LatLngExpression => [p.lat, p.lng];
const fromLeaflet = (ll: L.LatLng): LngLat => normalizePoint({ lng: ll.lng, lat: ll.lat });

export function LeafletMap({
  center,
  zoom = DEFAULT_ZOOM,
  marker,
  onPick,
  tiles,
  places,
  height = 320,
  onReady,
}: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onPickRef = useLatest(onPick);
  const onReadyRef = useLatest(onReady);
  const offline = !tiles.tileUrl;

  // create the map once; tear it down on unmount
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const map = L.map(el, {
      center: toLeaflet(center),
      zoom,
      minZoom: 3,
      maxZoom: 18,
      zoomControl: false,
      worldCopyJump: true,
    });
    // the zoom buttons in Chinese; the credit without the flag Leaflet adds by default
    L.control.zoom({ zoomInTitle: '放大', zoomOutTitle: '缩小' }).addTo(map);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    mapRef.current = map;
    map.on('click', (e: L.LeafletMouseEvent) => onPickRef.current?.(fromLeaflet(e.latlng)));

    // the container is sized by a dialog that is still animating open: measure again when it settles
    const refresh = () => {
      if (mapRef.current === map) map.invalidateSize();
    };
    const timers = [setTimeout(refresh, 0), setTimeout(refresh, 300)];
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(refresh) : undefined;
    observer?.observe(el);
    onReadyRef.current?.(map);
    return () => {
      timers.forEach(clearTimeout);
      observer?.disconnect();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // the initial view only; later changes go through the effects below
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once; props follow below
  }, []);

  // re-centre when the caller moves the view, and zoom when the caller's zoom changes (the user's own zoom stays
  // until then)
  const zoomAsked = useRef(zoom);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const c = map.getCenter();
    const moved = Math.abs(c.lat - center.lat) > 1e-9 || Math.abs(c.lng - center.lng) > 1e-9;
    const zoomed = zoom !== zoomAsked.current;
    zoomAsked.current = zoom;
    if (moved || zoomed) map.setView(toLeaflet(center), zoomed ? zoom : map.getZoom());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the point's numbers, not a new object per render
  }, [center.lng, center.lat, zoom]);

  // the pin
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!marker) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const m = L.marker(toLeaflet(marker), {
        icon: pinIcon,
        draggable: true,
        autoPan: true,
        title: '项目位置',
        alt: '项目位置',
      });
      m.on('dragend', () => onPickRef.current?.(fromLeaflet(m.getLatLng())));
      m.addTo(map);
      markerRef.current = m;
    } else {
      markerRef.current.setLatLng(toLeaflet(marker));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the point's numbers, not a new object per render
  }, [marker?.lng, marker?.lat]);

  // the basemap: tiles when configured, nothing (the CSS grid) when offline
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tiles.tileUrl) return;
    const layer = L.tileLayer(tiles.tileUrl, {
      subdomains: subdomainsOf(tiles.subdomains),
      attribution: tiles.attribution || undefined,
      maxZoom: 18,
      crossOrigin: false,
    });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [tiles.tileUrl, tiles.subdomains, tiles.attribution]);

  // offline: the places as dots; after every move the names that fit are written (most important first). Only
  // the places in view (and a margin) are in the DOM: ~3 000 districts would otherwise be drawn at every move.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !offline || !places?.length) return;
    const markers = new Map<number, L.Marker>();
    const markerOf = (i: number) => {
      let m = markers.get(i);
      if (!m) {
        const { place } = places[i];
        m = L.marker([place.lat, place.lng], {
          interactive: false,
          keyboard: false,
          icon: L.divIcon({
            className: `ts-place ts-place--${place.kind}`,
            html: `<span class="ts-place__dot"></span><span class="ts-place__name">${escapeHtml(place.name)}</span>`,
            iconSize: [0, 0],
            iconAnchor: [0, 0],
          }),
        });
        markers.set(i, m);
      }
      return m;
    };
    const group = L.layerGroup().addTo(map);
    const name = () => {
      const size = map.getSize();
      const margin = 100;
      const districts = map.getZoom() >= DISTRICT_ZOOM;
      const boxes = places.map((p) => {
        const drawn = districts ? !p.byDistricts : p.place.kind !== 'district';
        const at = drawn ? map.latLngToContainerPoint([p.place.lat, p.place.lng]) : undefined;
        const inView = at && at.x > -margin && at.y > -margin && at.x < size.x + margin && at.y < size.y + margin;
        // a place not drawn is given a position off the view, so it gets no name
        return inView ? { x: at.x, y: at.y, chars: p.place.name.length, rank: p.rank } : undefined;
      });
      const named = labelsToShow(
        boxes.map((b) => b ?? { x: -1, y: -1, chars: 0, rank: 9 }),
        size.x,
        size.y,
      );
      boxes.forEach((box, i) => {
        if (!box) {
          const m = markers.get(i);
          if (m && group.hasLayer(m)) group.removeLayer(m);
          return;
        }
        const m = markerOf(i);
        if (!group.hasLayer(m)) group.addLayer(m);
        m.getElement()?.classList.toggle('ts-place--named', named.has(i));
      });
    };
    map.on('moveend zoomend resize', name);
    name();
    return () => {
      map.off('moveend zoomend resize', name);
      group.remove();
    };
  }, [offline, places]);

  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <div
        ref={containerRef}
        className="ts-map"
        role="application"
        aria-label="地图"
        data-testid="leaflet-map"
        data-offline={offline ? 'true' : 'false'}
        style={{ height: '100%' }}
      />
      {offline && <div className="ts-map__offline">离线地图：点击地图或拖动标记选择位置</div>}
    </div>
  );
}

export default LeafletMap;
