// The location picker of the engineering dialog: an address search over the built-in place
// list (debounced 1000 ms, all provinces, cities and districts, by name or pinyin), the map with a draggable pin, and
// 经度 / 纬度 inputs. Picking a point — a click, a drag, typed coordinates — sets latLng ('lng,lat', 6 decimals)
// and fills the address (项目位置) with the place it falls near: at once the bundled city and, where known, district
// ('江苏省南京市', '北京市朝阳区'), then, when 全局配置 names a geocoder, the service's own address for the point
// (geocode.ts). A line under the map says which place that was and how far; a point far from every place (the sea,
// abroad) leaves the address alone and says so. The city also becomes the site (所在城市) when none is chosen.
// Picking a search result fills address, site and point, and re-centres the map there. Offline the map opens at
// city level (or a regional overview before any point), where the bundled places are readable.
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Box, Stack, TextField, Typography } from '@mui/material';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  OFFLINE_OVERVIEW_ZOOM,
  OFFLINE_ZOOM,
  districtsOf,
  mapPlacesOf,
  formatLatLng,
  isValidLat,
  isValidLng,
  mainCityOf,
  parseCoordinate,
  parseLatLng,
  placeAddress,
  type CityDictItem,
  type LngLat,
  type Place,
} from './geo';
import { FAR_KM, NEAR_KM, locatePoint, locationAddress } from './nearby';
import { reverseGeocode } from './geocode';
import { LeafletMap, type LeafletMapProps } from './LeafletMap';
import { useMapSettings } from './mapSettings';
import { PlaceSearch } from './PlaceSearch';
import { tpf3Engineering } from '../../../schemas/domain/tpf3Engineering';
import { useLatest } from '../admin/useLatest';

export interface LocationValue {
  /** 项目位置: the address text. */
  remarks: string;
  /** 所在城市: the city name. */
  site: string;
  /** 'lng,lat' or ''. */
  latLng: string;
}

export interface LocationPickerProps {
  value: LocationValue;
  onChange: (patch: Partial<LocationValue>) => void;
  tree: readonly CityDictItem[];
  cities: readonly Place[];
  disabled?: boolean;
  /** The map component (tests may swap it for a stub). */
  mapComponent?: ComponentType<LeafletMapProps>;
  mapHeight?: number;
  latLngError?: string;
}

/** 项目位置 holds at most this many characters (the schema's maxLength). */
const REMARKS_MAX = tpf3Engineering.properties.remarks.maxLength;

/** What the line under the map says about the place a point fell near. */
interface Nearby {
  text: string;
  far: boolean;
}

const kmText = (km: number) => (km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString('zh-CN'));

const coordText = (n: number | undefined) => (n === undefined ? '' : n.toFixed(6));
const sameNumber = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b === undefined : b !== undefined && Math.abs(a - b) < 5e-7;

export function LocationPicker({
  value,
  onChange,
  tree,
  cities,
  disabled,
  mapComponent: MapComponent = LeafletMap,
  mapHeight = 300,
  latLngError,
}: LocationPickerProps) {
  const mapSettings = useMapSettings();
  const point = parseLatLng(value.latLng);
  const cityOfSite = useMemo(() => cities.find((c) => c.name === value.site), [cities, value.site]);
  const districts = useMemo(() => districtsOf(tree), [tree]);
  const mapPlaces = useMemo(() => mapPlacesOf(tree), [tree]);
  const [view, setView] = useState<LngLat>(() => point ?? DEFAULT_CENTER);
  const [nearby, setNearby] = useState<Nearby | undefined>();
  const offline = !mapSettings.tileUrl;
  const zoom = !offline ? DEFAULT_ZOOM : point || cityOfSite ? OFFLINE_ZOOM : OFFLINE_OVERVIEW_ZOOM;

  // the first time the places arrive for a record with a city but no point, look at that city
  const sawCity = useRef(false);
  useEffect(() => {
    if (sawCity.current || !cityOfSite) return;
    sawCity.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- places come from the dictionary later
    if (!point) setView({ lng: cityOfSite.lng, lat: cityOfSite.lat });
  }, [cityOfSite]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the places arrive

  // a city chosen in the 所在城市 picker (not by us) moves the view there when no point is set yet
  const siteSetHere = useRef<string | undefined>(undefined);
  const previousSite = useRef(value.site);
  useEffect(() => {
    if (value.site === previousSite.current) return;
    previousSite.current = value.site;
    if (value.site === siteSetHere.current) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a site chosen in another field moves the view
    if (cityOfSite && !parseLatLng(value.latLng)) setView({ lng: cityOfSite.lng, lat: cityOfSite.lat });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a site chosen elsewhere moves the view
  }, [value.site, cityOfSite]);

  // the latest onChange: a geocoder answer arrives after later renders
  const onChangeNow = useLatest(onChange);
  const emit = (patch: Partial<LocationValue>) => {
    if (patch.site !== undefined) siteSetHere.current = patch.site;
    onChangeNow.current(patch);
  };

  // the address as last rendered, and the latest pick: a geocoder answer lands only on the pick it belongs to
  // and only while the address is still the one we filled in
  const remarksNow = useLatest(value.remarks);
  const geocoding = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => geocoding.current?.abort(), []);

  /** A point from the map (click, drag) or the coordinate inputs. */
  const pickPoint = (p: LngLat, recentre: boolean) => {
    geocoding.current?.abort();
    const patch: Partial<LocationValue> = { latLng: formatLatLng(p) };
    const loc = locatePoint(cities, districts, p);
    if (loc && loc.km <= FAR_KM) {
      const address = locationAddress(loc);
      patch.remarks = address;
      if (!value.site) patch.site = loc.city.name;
      // a city without known districts (东莞's towns, a city an administrator added) is said to be one
      const noDistrict = loc.district ? '' : '；未收录该市的区县位置，区县请手动填写';
      setNearby(
        loc.km <= NEAR_KM
          ? { text: `位于 ${address} 附近（约 ${kmText(loc.km)} 公里）${noDistrict}`, far: false }
          : { text: `距最近的地点 ${address} 约 ${kmText(loc.km)} 公里，请核对项目位置${noDistrict}`, far: true },
      );
    } else if (loc) {
      setNearby({
        text: `所选位置附近没有已知地点（最近的 ${locationAddress(loc)} 约 ${kmText(loc.km)} 公里），项目位置未改动，请手动填写`,
        far: true,
      });
    }
    emit(patch);
    if (recentre) setView(p);
    if (!mapSettings.geocodeUrl) return;
    const ask = new AbortController();
    geocoding.current = ask;
    const filled = patch.remarks ?? value.remarks;
    void reverseGeocode(mapSettings.geocodeUrl, p, ask.signal).then((address) => {
      // not when a later pick came first or the user has typed an address since
      if (!address || ask.signal.aborted || remarksNow.current !== filled) return;
      emit({ remarks: address.slice(0, REMARKS_MAX) });
    });
  };

  /** A result of the address search. */
  const pickPlace = (place: Place) => {
    geocoding.current?.abort();
    const city =
      place.kind === 'city'
        ? place
        : place.kind === 'district'
          ? cities.find((c) => c.name === place.city && c.province === place.province)
          : mainCityOf(cities, place);
    const p = { lng: place.lng, lat: place.lat };
    emit({
      latLng: formatLatLng(p),
      remarks: place.kind === 'district' ? placeAddress(place) : city ? placeAddress(city) : place.name,
      ...(city ? { site: city.name } : {}),
    });
    setNearby(undefined);
    setView(p);
  };

  // the coordinate inputs keep what is typed; they follow latLng when it changes elsewhere
  const [lngText, setLngText] = useState(coordText(point?.lng));
  const [latText, setLatText] = useState(coordText(point?.lat));
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- text follows a point set by map or search
    if (!sameNumber(parseCoordinate(lngText), point?.lng)) setLngText(coordText(point?.lng));
    if (!sameNumber(parseCoordinate(latText), point?.lat)) setLatText(coordText(point?.lat));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- typed text follows only a point changed elsewhere
  }, [value.latLng]);

  const onCoordinate = (lngT: string, latT: string) => {
    setLngText(lngT);
    setLatText(latT);
    const lng = parseCoordinate(lngT);
    const lat = parseCoordinate(latT);
    if (lng !== undefined && lat !== undefined && isValidLng(lng) && isValidLat(lat)) pickPoint({ lng, lat }, true);
  };
  const cleanCoordinate = (s: string) => s.replace(/[^\d.-]/g, '').slice(0, 12);

  return (
    <Stack spacing={1.5}>
      <PlaceSearch tree={tree} onPick={pickPlace} disabled={disabled} />
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <MapComponent
          center={view}
          zoom={zoom}
          marker={point}
          onPick={disabled ? undefined : (p) => pickPoint(p, !point)}
          tiles={mapSettings}
          places={mapPlaces}
          height={mapHeight}
        />
      </Box>
      {nearby && (
        <Typography
          variant="caption"
          role="status"
          color={nearby.far ? 'warning.main' : 'text.secondary'}
          data-testid="map-nearby"
        >
          {nearby.text}
        </Typography>
      )}
      <Stack direction="row" spacing={2}>
        <TextField
          size="small"
          label="经度"
          value={lngText}
          disabled={disabled}
          onChange={(e) => onCoordinate(cleanCoordinate(e.target.value), latText)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!latLngError}
          fullWidth
        />
        <TextField
          size="small"
          label="纬度"
          value={latText}
          disabled={disabled}
          onChange={(e) => onCoordinate(lngText, cleanCoordinate(e.target.value))}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!latLngError}
          helperText={latLngError}
          fullWidth
        />
      </Stack>
    </Stack>
  );
}

export default LocationPicker;
